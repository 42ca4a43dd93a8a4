package understand

import "time"

// dotMonthNames are month names in Norwegian, Danish, Swedish and German,
// read only after a day written with a dot ("17. mai", "1. juni",
// "3. März"): there the words can be nothing else, while alone some are
// English words ("mars", "mai" in a name).
var dotMonthNames = map[string]time.Month{
	"januar": 1, "jan": 1, "februar": 2, "feb": 2, "mars": 3, "märz": 3, "marts": 3, "mar": 3,
	"april": 4, "apr": 4, "mai": 5, "maj": 5, "juni": 6, "jun": 6, "juli": 7, "jul": 7,
	"august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9, "oktober": 10, "okt": 10,
	"november": 11, "nov": 11, "desember": 12, "dezember": 12, "december": 12, "des": 12, "dez": 12, "dec": 12,
}

// dotMonthAt reads a month in the day-dot-month form at n, the token
// after a day number: ". mai" gives May and the index of the month word.
func (d *dateReader) dotMonthAt(n int) (time.Month, int, bool) {
	if n >= len(d.toks) || d.toks[n].space || d.toks[n].low != "." {
		return 0, 0, false
	}
	mo, ok := dotMonthNames[d.word(n+1)]
	return mo, n + 1, ok
}
