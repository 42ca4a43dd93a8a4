package understand

// capitalsAlternate keeps, of the readings of one word written in
// capitals ("NOLA"), the city it is an alternate name of when that city
// is ten times as populous as every town named so: "NOLA" is New
// Orleans, not Nola in the Central African Republic; "Nola" and "nola"
// stay the towns. Otherwise ps is unchanged.
func capitalsAlternate(ps []Place, toks []token, i, j int) []Place {
	if j != i+1 || !toks[i].upper {
		return ps
	}
	var alt *Place
	named := 0
	for k := range ps {
		p := &ps[k]
		if p.Kind != KindCity {
			continue
		}
		if p.Match == MatchName {
			named++
		} else if p.Match == MatchAlternate && (alt == nil || p.Population > alt.Population) {
			alt = p
		}
	}
	if alt == nil || named == 0 {
		return ps
	}
	for _, p := range ps {
		if p.Kind == KindCity && p.Match == MatchName && p.Population*10 > alt.Population {
			return ps
		}
	}
	return []Place{*alt}
}
