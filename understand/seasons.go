package understand

import "time"

// season is the first month of the season named w where the text's
// place is: in the southern hemisphere six months on from the northern
// one (winter in Queenstown starts in June, autumn in Buenos Aires in
// March).
func (d *dateReader) season(w string) (time.Month, bool) {
	mo, ok := seasons[w]
	if !ok || !d.southern {
		return mo, ok
	}
	return (mo+5)%12 + 1, true
}

// SouthernOf says whether p lies in the southern hemisphere, where
// Options.Southern reads its seasons: a place south of 5°S (a country
// by its middle), so that a country astride the equator keeps the
// northern names.
func SouthernOf(p *Place) bool {
	return p != nil && p.HasPoint && p.Lat < -5
}
