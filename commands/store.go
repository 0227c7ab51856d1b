package commands

import (
	"context"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/storage"
)

// Store is what commands needs of the store: every method it calls, and
// no more. *storage.Store implements it (on SQLite or PostgreSQL); New
// takes it, so the layer's needs are in one place and a test may give
// another implementation. A method commands starts to call is added here.
type Store interface {
	// The event's log and state.
	Create(ctx context.Context, actor action.Actor, updateKey string, fn func(*storage.Change) error) (storage.EventID, storage.Result, error)
	Update(ctx context.Context, id storage.EventID, actor action.Actor, updateKey string, fn func(*storage.Change) error) (storage.Result, error)
	Load(ctx context.Context, id storage.EventID) (*action.State, error)
	Log(ctx context.Context, id storage.EventID, after int64, limit int) ([]action.Record, error)
	LogOf(ctx context.Context, id storage.EventID, kinds ...string) ([]action.Record, error)
	LogTail(ctx context.Context, id storage.EventID, n int) ([]action.Record, error)
	RunningEvents(ctx context.Context) ([]storage.EventID, error)
	WakingEvents(ctx context.Context, now time.Time) ([]storage.EventID, error)
	Handled(ctx context.Context, updateKey string) (bool, error)

	// Which chats follow an event, and which event a chat or a player's
	// private chat is about (see Service.findEvent): a chat follows many,
	// one of them current.
	ChatEvents(ctx context.Context, c chat.Chat) ([]storage.ChatEvent, error)
	UseEvent(ctx context.Context, c chat.Chat, id storage.EventID) error
	Chats(ctx context.Context, id storage.EventID) ([]chat.Chat, error)
	PlayerEvents(ctx context.Context, platform, user string) ([]storage.ChatEvent, error)
	OpenPlayerEvents(ctx context.Context, platform, user string) ([]storage.ChatEvent, error)
	LastPlayerEvent(ctx context.Context, platform, user string) (storage.ChatEvent, error)

	// Who is who in an event: its players' users, by the players' entrant
	// ids (engine.Player.Entrant, which no numbering changes), and the
	// staff's roles.
	PlayerOf(ctx context.Context, id storage.EventID, platform, user string) (entrant int, err error)
	Identities(ctx context.Context, id storage.EventID) ([]storage.Identity, error)
	PlayerIdentities(ctx context.Context, id storage.EventID, entrant int) ([]storage.Identity, error)
	Roles(ctx context.Context, id storage.EventID, platform, user string) ([]storage.Role, error)
	OwnRoles(ctx context.Context, id storage.EventID, platform, user string) ([]storage.Role, error)
	Holders(ctx context.Context, id storage.EventID, r storage.Role) ([]action.Actor, error)
	RunningEventsWithRole(ctx context.Context, platform, user string, r storage.Role) ([]storage.EventID, error)

	// A group chat's club's players: its roster, the events its rating
	// list took in, its settings and seasons (storage's roster.go,
	// club_rating.go, seasons.go), changed one change at a time; and the
	// roster's log.
	Club(ctx context.Context, c chat.Chat) (*storage.Club, error)
	UpdateClub(ctx context.Context, c chat.Chat, actor action.Actor, updateKey string, fn func(*storage.ClubChange) error) error
	ClubLog(ctx context.Context, c chat.Chat, limit int) ([]storage.ClubRecord, error)

	// The club: a chat's organisers and arbiters run every event made
	// there (its home chat), and a private chat is about the events its
	// user runs.
	HomeChat(ctx context.Context, id storage.EventID) (chat.Chat, error)
	ClubHolders(ctx context.Context, c chat.Chat, r storage.Role) ([]action.Actor, error)
	StaffEvents(ctx context.Context, platform, user string) ([]storage.ChatEvent, error)
	OpenStaffEvents(ctx context.Context, platform, user string) ([]storage.ChatEvent, error)

	// The users seen on each platform and in each chat, and the language
	// each chose.
	SawUser(ctx context.Context, in chat.Chat, user, handle, name string) error
	UserByHandle(ctx context.Context, platform, handle string) (string, error)
	UsersNamed(ctx context.Context, chats []chat.Chat, name string) ([]storage.SeenUser, error)
	UserNames(ctx context.Context, platform string, users []string) (map[string]string, error)
	Lang(ctx context.Context, platform, user string) (string, error)
	Langs(ctx context.Context, platform string, users []string) (map[string]string, error)
	SetLang(ctx context.Context, platform, user, lang string) error

	// The event's web page (bot/web): its link and the event a link shows
	// (a change replaces the link: storage.Change.ReplaceWebLink).
	WebLink(ctx context.Context, id storage.EventID) (string, error)
	WebEvent(ctx context.Context, token string) (storage.EventID, int64, error)

	// Link codes (/link): made for an event, redeemed in another chat (a
	// change uses one up: storage.Change.UseLinkCode).
	NewLinkCode(ctx context.Context, id storage.EventID, by action.Actor, ttl time.Duration) (string, time.Time, error)
	RedeemLinkCode(ctx context.Context, code, user, chat string, limits storage.LinkLimits) (storage.EventID, error)

	// The scheduler's watch: since when it has run without a break.
	Watch(ctx context.Context, now time.Time, gap time.Duration) (time.Time, error)

	// The chats themselves: a chat with a new id, a chat the bot may not
	// post in, the messages typed there that the bot answered.
	MoveChat(ctx context.Context, from, to chat.Chat) error
	MovedTo(ctx context.Context, c chat.Chat) (chat.Chat, error)
	Block(ctx context.Context, c chat.Chat, reason string) (newly bool, since time.Time, err error)
	Unblock(ctx context.Context, c chat.Chat) (bool, error)
	MarkAnswered(ctx context.Context, c chat.Chat, message string, keep time.Duration) error
	Answered(ctx context.Context, c chat.Chat, message string) (bool, error)

	// The outbox.
	Enqueue(ctx context.Context, msgs ...chat.Message) error
	DeliverDue(ctx context.Context, worker string, send chat.Sender) error
}
