package feishu

import (
	"context"
	"time"

	"github.com/hashicorp/golang-lru/v2/expirable"
	lark "github.com/larksuite/oapi-sdk-go/v3"
	larkcontact "github.com/larksuite/oapi-sdk-go/v3/service/contact/v3"
	larkim "github.com/larksuite/oapi-sdk-go/v3/service/im/v1"

	"github.com/qisai/qisai/commands"
)

// Feishu's events name a user by open_id alone; their name comes from
// the contact API (contact/v3/users, with the scope
// contact:user.base:readonly), or from a message that @-mentions them.
const (
	namesKept   = 10000
	nameLife    = time.Hour       // a name changed in Feishu shows within the hour
	nameTimeout = 5 * time.Second // a slow contact API holds an event no longer
)

// names are users' display names by open_id, as Feishu last said them;
// "" for a user whose name Feishu would not say (the scope missing, a user
// of another company), asked again after nameLife.
type names struct {
	api   *lark.Client
	cache *expirable.LRU[string, string]
}

func newNames(api *lark.Client) *names {
	return &names{api: api, cache: expirable.NewLRU[string, string](namesKept, nil, nameLife)}
}

// learn remembers that user id is called name.
func (n *names) learn(id, name string) { n.cache.Add(id, name) }

// user is the user whose open_id is id, with their name: the one Feishu
// says, else their open_id.
func (n *names) user(ctx context.Context, id string) commands.User {
	name, ok := n.cache.Get(id)
	if !ok {
		var answered bool
		if name, answered = n.ask(ctx, id); answered {
			n.cache.Add(id, name)
		}
	}
	if name == "" {
		name = id
	}
	return commands.User{ID: id, Name: name}
}

// ask asks the contact API for user id's name: "" when it does not say,
// and answered false when it did not answer at all (a network error, a
// timeout), which is no reason to stop asking.
func (n *names) ask(ctx context.Context, id string) (name string, answered bool) {
	ctx, cancel := context.WithTimeout(ctx, nameTimeout)
	defer cancel()
	resp, err := n.api.Contact.V3.User.Get(ctx, larkcontact.NewGetUserReqBuilder().UserId(id).UserIdType("open_id").Build())
	if err != nil {
		return "", false
	}
	if !resp.Success() || resp.Data == nil || resp.Data.User == nil || resp.Data.User.Name == nil {
		return "", resp.StatusCode < 500
	}
	return *resp.Data.User.Name, true
}

// author is the user who sent message id, the message a command replies
// to, whom a command that names nobody is about (/arbiter add, typed as a
// reply to the arbiter's message): nil when Feishu does not say (the scope
// im:message:readonly missing) or a bot or app sent it.
func (n *names) author(ctx context.Context, id string) *commands.User {
	ctx, cancel := context.WithTimeout(ctx, nameTimeout)
	defer cancel()
	resp, err := n.api.Im.V1.Message.Get(ctx, larkim.NewGetMessageReqBuilder().MessageId(id).UserIdType("open_id").Build())
	if err != nil || !resp.Success() || resp.Data == nil || len(resp.Data.Items) == 0 || resp.Data.Items[0].Sender == nil {
		return nil
	}
	s := resp.Data.Items[0].Sender
	if str(s.SenderType) != "user" || str(s.IdType) != "open_id" || str(s.Id) == "" {
		return nil
	}
	u := n.user(ctx, *s.Id)
	return &u
}
