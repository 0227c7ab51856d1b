package commands

func playerCommands() []*Command { return nil }
