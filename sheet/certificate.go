package sheet

// Certificate is one prize's certificate (奖状) in one language, as a
// picture or a printed page lays it out: a title, the recipient, what the
// prize is for, the prize itself (and a team's players under it), a
// closing line, then who awards it and when.
type Certificate struct {
	Title     string // "奖　状", "Certificate"
	Recipient string // "王天一（杭州）：", "Awarded to 王天一 (杭州)"
	Body      string // "在2026春季象棋赛中荣获", "in 2026 Spring Open for"
	Prize     string // "个人第一名", "First place, individual"
	Members   string // a team prize's players: "队员：张伟、李明"; "" for a player's
	Closing   string // "特发此状，以资鼓励。"; "" for none
	Issuer    string // who awards it, the event's host: "实验中学象棋协会"
	Date      string // "2026年3月2日"
	// Salutation sets the recipient at the left, as a letter's (a Chinese
	// certificate's "王天一同学："), and the body indented under it; else
	// every line is centred.
	Salutation bool
}
