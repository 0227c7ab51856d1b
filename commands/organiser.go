package commands

func organiserCommands() []*Command { return nil }
