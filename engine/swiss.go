package engine

func pairSwiss(ev *Event, round int) (Pairing, error) { panic("TODO") }
