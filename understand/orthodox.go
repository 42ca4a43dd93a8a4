package understand

import "time"

// orthodoxEaster is Easter Sunday of year y as the Orthodox churches
// keep it: the Julian computus, moved to the Gregorian calendar (13 days
// from 1900 to 2099, 14 after).
func orthodoxEaster(y int) (time.Month, int) {
	a, b, c := y%4, y%7, y%19
	d := (19*c + 15) % 30
	e := (2*a + 4*b - d + 34) % 7
	julian := time.Date(y, time.Month((d+e+114)/31), (d+e+114)%31+1, 0, 0, 0, 0, time.UTC)
	shift := 13
	if y >= 2100 {
		shift = 14
	}
	g := julian.AddDate(0, 0, shift)
	return g.Month(), g.Day()
}

// orthodoxWords name the Orthodox reckoning of Easter: "Orthodox
// Easter", "Greek Easter", "our Easter, the Orthodox one".
var orthodoxWords = map[string]bool{"orthodox": true, "greek": true}

// easterWords are the names of Easter a text may set apart as Orthodox.
var easterWords = map[string]bool{"easter": true, "pascha": true, "pasxa": true, "paskha": true}

// orthodoxNear is how many words apart "Orthodox" and "Easter" may be
// written and still be read together.
const orthodoxNear = 6

// namesOrthodoxEaster says whether the text sets its Easter apart as the
// Orthodox one, so that every day counted from Easter in it (Good
// Friday, Easter Monday, Pentecost) is counted from Orthodox Easter.
func (d *dateReader) namesOrthodoxEaster() bool {
	var words []string
	for _, t := range d.toks {
		if t.kind == tokWord {
			words = append(words, t.low)
		}
	}
	for i, w := range words {
		if !orthodoxWords[w] {
			continue
		}
		for j := max(0, i-orthodoxNear); j < min(len(words), i+orthodoxNear+1); j++ {
			if easterWords[words[j]] {
				return true
			}
		}
	}
	return false
}
