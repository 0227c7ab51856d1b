package chat

// Button is a choice under a message: pressing it runs Command; a link
// (URL set, Command empty) opens URL in the reader's browser instead and
// tells the bot nothing.
type Button struct {
	Label   string `json:"label"`
	Command string `json:"command"`       // e.g. "/confirm 3"
	URL     string `json:"url,omitempty"` // e.g. "https://qisai.example.org/e/TOKEN/"
}

// Message is a message to send to a chat through the outbox.
//
// Text is plain text, except that a line "```" (Fence) opens or closes a
// monospace block: tables are written that way, and each platform's
// sender renders it in its own markup (Telegram <pre>, Discord code
// blocks, the console plainly). Everything else is the text as shown: the
// senders escape it.
type Message struct {
	Chat    Chat     `json:"-"`
	Text    string   `json:"text"`
	Buttons []Button `json:"buttons,omitempty"`
	// File, when set, is sent with the message as an attachment (an
	// export; a table too long for a chat message). The outbox keeps it
	// in columns of its own, not in the JSON body.
	File *File `json:"-"`
	// Album, when set, are pictures shown together as one message (an
	// album: Telegram's sendMediaGroup, a Discord message's attachments),
	// MaxAlbum at a time; a short text goes with them as their caption.
	// The outbox keeps them in a column of their own.
	Album []*File `json:"-"`
	// Live, when set, makes the message one that lives in its chat: sent
	// once, then edited in place by each later message with the same key
	// (see Live).
	Live *Live `json:"live,omitempty"`
	// IfUndeliverable, when set, is said instead when the platform refuses
	// the message for good (a private reply to a user who never opened a
	// private chat with the bot).
	IfUndeliverable *Notice `json:"if_undeliverable,omitempty"`
	// DedupKey makes enqueueing idempotent: a second message with the same
	// key is dropped. Empty: the store makes one from the event, the
	// action's number and the message's place among those the change sends.
	DedupKey string `json:"-"`
}

// Fence is the line that opens and closes a monospace block in a
// Message's text.
const Fence = "```"

// File is a file sent as an attachment.
type File struct {
	Name string // "春季赛.trf": what the user saves it as
	Data []byte
}

// Notice is a text for a chat.
type Notice struct {
	Chat Chat   `json:"chat"`
	Text string `json:"text"`
}
