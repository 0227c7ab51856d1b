package paper

import (
	"strconv"
	"strings"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// Certificates are p's certificates (奖状), one a prize (Papers.Prizes) in
// their order, in p's language: the recipient and their unit, the event,
// the prize — the ranking and the place, "（并列）" when shared (R-T-9) —
// with a team's players under it, and the host's name with the date. An event without a host is awarded
// by its organising committee (组委会), as the seeds' events are.
func Certificates(p Papers) []sheet.Certificate {
	ev := p.Event.Event.Name
	issuer := p.Details.Host
	if issuer == "" {
		issuer = p.tr(i18n.T{Zh: "%s组委会", En: "The organisers of %s"}, ev)
	}
	date := p.Details.Issued
	if date == "" {
		date = p.Details.Dates
	}
	out := make([]sheet.Certificate, 0, len(p.Prizes))
	for _, z := range p.Prizes {
		who := p.winner(z)
		c := sheet.Certificate{Issuer: issuer, Date: date, Salutation: p.Lang == i18n.Zh}
		place := placeWords(z.Place, p.Lang)
		if p.Lang == i18n.Zh {
			c.Title, c.Recipient, c.Body, c.Closing = "奖　状", who+"：", "在"+ev+"中荣获", "特发此状，以资鼓励。"
			c.Prize = z.Ranking + place
			if z.Shared {
				c.Prize += "（并列）"
			}
		} else {
			c.Title, c.Recipient, c.Body = "Certificate", "Awarded to "+who, ev
			c.Prize = place + ", " + z.Ranking
			if z.Shared {
				c.Prize += " (shared)"
			}
		}
		if len(z.Members) > 0 {
			c.Members = p.tr(i18n.T{Zh: "队员：%s", En: "Players: %s"}, p.list(z.Members))
		}
		out = append(out, c)
	}
	return out
}

// winner is who prize z goes to: the name, with the unit where it says
// more: "王天一（杭州）".
func (p Papers) winner(z Prize) string {
	if z.Unit != "" && z.Unit != z.Name {
		return p.tr(i18n.T{Zh: "%s（%s）", En: "%s (%s)"}, z.Name, z.Unit)
	}
	return z.Name
}

// list joins names as the papers' language lists them: "张伟、李明".
func (p Papers) list(names []string) string {
	return strings.Join(names, p.tr(i18n.T{Zh: "、", En: ", "}))
}

// placeWords is a place in words: "第一名", "第十二名"; "First place",
// "12th place".
func placeWords(place int, lang i18n.Lang) string {
	if lang == i18n.Zh {
		return "第" + chineseNumber(place) + "名"
	}
	words := []string{"First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth"}
	if place >= 1 && place <= len(words) {
		return words[place-1] + " place"
	}
	return ordinal(place) + " place"
}

// ordinal is n with its English suffix: 11th, 21st, 102nd.
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// chineseNumber writes 1 to 99 in Chinese numerals (一, 十二, 二十, 九十九)
// and a bigger number in digits, as places beyond a hundred are written.
func chineseNumber(n int) string {
	digits := []string{"零", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	switch {
	case n < 1 || n > 99:
		return strconv.Itoa(n)
	case n < 10:
		return digits[n]
	}
	s := "十"
	if n >= 20 {
		s = digits[n/10] + s
	}
	if n%10 != 0 {
		s += digits[n%10]
	}
	return s
}
