package commands

// all is every command qisai knows: each file declares its own.
func all() []*Command {
	var cmds []*Command
	for _, group := range [][]*Command{
		basicCommands(),     // basic.go: help, lang, event new/show
		organiserCommands(), // organiser.go
		playerCommands(),    // play.go
		viewCommands(),      // views.go
		exportCommands(),    // export.go
		langCommands(),      // lang.go
		webCommands(),       // web.go: the event's web page link
		eventsCommands(),    // events.go: a chat's events, /event use
		rosterCommands(),    // roster_players.go: /players
		claimCommands(),     // roster_claim.go: /claim, /player link
		bracketCommands(),   // bracket.go: /bracket
		teamCommands(),      // teams.go: /team …, /teams, /lineup
		leaveCommands(),     // leave.go: /bye (请假)
		postponeCommands(),  // postpone.go: /postpone (补赛)
		lateCommands(),      // late.go: /late, after downtime (R-G-4)
		clubCommands(),      // club.go: /roster, /rating, /season (R-E-4, R-R-*)
		staffCommands(),     // staff.go: /arbiter add, /arbiter remove
		categoryCommands(),  // awards.go: /category (R-T-10)
		playoffCommands(),   // playoff.go: /playoff (R-T-8)
		waitListCommands(),  // signup_waitlist.go: /waitlist (候补, R-E-5)
		timetableCommands(), // timetable.go: /schedule (赛程)
	} {
		cmds = append(cmds, group...)
	}
	return cmds
}
