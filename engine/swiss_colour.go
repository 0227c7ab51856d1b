package engine

// colours decides who plays red in a pair (R-SW-10, R-SW-11, R-SW-12).
func (s *swiss) colours(p pair) (red, black *swissPlayer, why ColourReason) {
	a, b := p.p[0], p.p[1]
	if s.scorePriority() && a.score != b.score {
		// R-SW-11: from the third-last round on, the higher score's need wins
		// (缺先补先、缺后补后) unless it would give three in a row or an
		// imbalance of three (R-SW-12); then the normal rules decide.
		hi, lo := a, b
		if b.score > a.score {
			hi, lo = b, a
		}
		r, bl := hi, lo
		if hi.needsBlack() {
			r, bl = lo, hi
		}
		if s.colourKeepsRules(r, bl) {
			return r, bl, ColourHigherScore
		}
	}
	return s.colourByHistory(a, b)
}

// scorePriority reports whether this round is one of the last rounds in
// which R-SW-11 applies.
func (s *swiss) scorePriority() bool {
	n := s.set.ScorePriorityRounds
	return n > 0 && s.set.Rounds > 0 && s.round > s.set.Rounds-n
}

// colourKeepsRules reports whether red/black keeps R-SW-12: no third colour
// in a row (but in the last round) and no imbalance of three. With R-SW-12
// off every allocation keeps it.
func (s *swiss) colourKeepsRules(red, black *swissPlayer) bool {
	return !s.set.NoThreeInARow || s.broken(red, black) == 0
}

// broken counts the players red/black breaks R-SW-12 for.
func (s *swiss) broken(red, black *swissPlayer) int {
	return s.breaks12(red, black, true, !s.lastRound)
}

// colourByHistory applies R-SW-10 in order, then makes sure the colours keep
// R-SW-12 where the other order would: a pair is only allowed when one of
// its two colour orders keeps it (see allowed).
func (s *swiss) colourByHistory(a, b *swissPlayer) (red, black *swissPlayer, why ColourReason) {
	red, black, why = s.colourRules(a, b)
	if s.set.NoThreeInARow && s.broken(black, red) < s.broken(red, black) {
		// The other order keeps R-SW-12, or (where the rule had to be
		// given up) breaks it for one player instead of two.
		return black, red, ColourKeepsRule12
	}
	return red, black, why
}

// colourRules applies R-SW-10 (1)–(8). Rule (1) counts reds; rules (2)–(7)
// fold into the signed length of the current run: the lower plays red.
func (s *swiss) colourRules(a, b *swissPlayer) (red, black *swissPlayer, why ColourReason) {
	if a.reds != b.reds {
		red, black = a, b
		if b.reds < a.reds {
			red, black = b, a
		}
		return red, black, ColourFewerReds
	}
	if ar, br := a.run(), b.run(); ar != br {
		red, black = a, b
		if br < ar {
			red, black = b, a
		}
		return red, black, runRule(red.run(), black.run())
	}
	if s.set.EarlierColours {
		if red, black, ok := s.byEarlierColours(a, b); ok {
			return red, black, ColourEarlier
		}
	}
	// (8): all equal.
	lowerRed := s.round%2 == 1
	if s.set.ColourTie == SumParity {
		lowerRed = (a.id+b.id)%2 == 1
	}
	lo, hi := a, b
	if b.id < a.id {
		lo, hi = b, a
	}
	if lowerRed {
		return lo, hi, ColourTieNumbers
	}
	return hi, lo, ColourTieNumbers
}

// byEarlierColours looks back round by round for the first round in which
// a and b had different colours: the one who had black then plays red
// (Settings.EarlierColours).
func (s *swiss) byEarlierColours(a, b *swissPlayer) (red, black *swissPlayer, ok bool) {
	ac, bc := s.coloursOf(a), s.coloursOf(b)
	for i, j := len(ac)-1, len(bc)-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if ac[i] != bc[j] {
			if ac[i] == Black {
				return a, b, true
			}
			return b, a, true
		}
	}
	switch {
	case len(ac) < len(bc):
		return b, a, true
	case len(ac) > len(bc):
		return a, b, true
	}
	return nil, nil, false
}

// runRule names the R-SW-10 criterion (2)–(7) that separates two signed
// runs, red's being the lower.
func runRule(rr, br int) ColourReason {
	switch {
	case rr <= -2 && br >= 2:
		return ColourBlackRun // (2)
	case rr <= -2 && br <= -2:
		return ColourLongerBlack // (3)
	case rr >= 2 && br >= 2:
		return ColourShorterRed // (4)
	case rr <= -2 && br == -1:
		return ColourRunOverLast // (5)
	case rr == 1 && br >= 2:
		return ColourLastOverRun // (6)
	default:
		return ColourBlackLast // (7)
	}
}
