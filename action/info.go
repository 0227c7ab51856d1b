package action

// Info is the organiser's details of an event beyond the rules' settings.
type Info struct{}

func (i Info) clone() Info { return i }
