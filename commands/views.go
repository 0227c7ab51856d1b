package commands

func viewCommands() []*Command { return nil }
