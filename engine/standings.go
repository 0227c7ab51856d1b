package engine

// Standings ranks the players of ev (R-T-*).
func Standings(ev *Event) []Standing { panic("TODO") }
