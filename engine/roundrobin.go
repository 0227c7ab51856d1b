package engine

func pairRoundRobin(ev *Event, round int) (Pairing, error) { panic("TODO") }
