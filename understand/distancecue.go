package understand

// distanceCue reads a distance written before a place as a cue of
// nearness: "within 10 miles of Manchester", "up to twenty kilometres
// from Leipzig", "5 km from Lewes", "a 30 km radius around Dover". j is
// the token just before the place (articles skipped); it returns the
// cue's first token.
func distanceCue(toks []token, j int) (int, bool) {
	w := toks[j].low
	if w != "of" && w != "from" && w != "around" {
		return 0, false
	}
	u := j - 1
	radius := false
	if u >= 0 && (toks[u].low == "radius" || toks[u].low == "perimeter") {
		radius, u = true, u-1
	}
	if u < 1 {
		return 0, false
	}
	if un := units[toks[u].low]; un != "km" && un != "mi" && un != "m" {
		return 0, false
	}
	// The number that ends just before the unit: "10", "twenty",
	// "twenty five", "2.5".
	first := -1
	for s := u - 1; s >= 0 && s >= u-3; s-- {
		if q, n := numberAt(toks, s); n > 0 && s+n == u && q.Kind == Count {
			first = s
		}
	}
	if first < 0 {
		return 0, false
	}
	lead := func(k int) (int, bool) {
		if k < 0 {
			return 0, false
		}
		switch toks[k].low {
		case "within", "inside", "under", "to", "than", "max", "maximum":
			if k >= 1 && (toks[k-1].low == "up" || toks[k-1].low == "less" || toks[k-1].low == "no" || toks[k-1].low == "more") {
				if toks[k].low == "than" && k >= 2 && toks[k-2].low == "no" {
					return k - 2, true
				}
				return k - 1, true
			}
			return k, toks[k].low != "to" && toks[k].low != "than"
		case "of": // "within a radius of 12 km of"
			if k >= 1 && toks[k-1].low == "radius" {
				c := k - 1
				if c >= 1 && (toks[c-1].low == "a" || toks[c-1].low == "the") {
					c--
				}
				if c >= 1 && toks[c-1].low == "within" {
					c--
				}
				return c, true
			}
		case "a", "an":
			if radius {
				if k >= 1 && toks[k-1].low == "within" {
					return k - 1, true
				}
				return k, true
			}
		}
		return 0, false
	}
	if c, ok := lead(first - 1); ok {
		return c, true
	}
	// "5 km from Lewes", "a 30 km radius around": a distance from a place
	// is nearness without a lead word; "of" needs one ("10 miles of
	// coast").
	if w == "from" || radius {
		return first, true
	}
	return 0, false
}
