package action

// Play is what is under way in the games of the current round.
type Play struct{}

func (p Play) clone() Play { return p }
