package ocean

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// expectedAnswer computes what a gold plan's answer must be, in Go, from
// the data read by readGDAC, keyed as canonResult keys a result.
func expectedAnswer(p QueryPlan, d *ncData) map[string]float64 {
	out := map[string]float64{}
	if stationsOnly(p) {
		expectStations(p, d, out)
		return out
	}
	type level struct {
		prof *ncProfile
		pres float64
		v    float64
		with []float64
	}
	var lv []level
	for _, pr := range d.profiles {
		if !matchProfile(p, pr.wmo, pr.cycle, pr.time, pr.lat, pr.lon, pr.ocean) {
			continue
		}
		vals := pr.vals[p.Variable]
		if vals == nil {
			continue // a BGC parameter: not in core files
		}
		for i, pres := range pr.pres {
			if math.IsNaN(pres) || p.Pressure != nil && (pres < p.Pressure.Min || pres > p.Pressure.Max) {
				continue
			}
			l := level{prof: pr, pres: pres, v: vals[i]}
			any := !math.IsNaN(l.v)
			for _, w := range p.With {
				wv := math.NaN()
				if ws := pr.vals[w]; ws != nil {
					wv = ws[i]
				}
				l.with = append(l.with, wv)
				any = any || !math.IsNaN(wv)
			}
			if any {
				lv = append(lv, l)
			}
		}
	}
	if p.Pressure != nil && p.Pressure.Target > 0 {
		// at a pressure: one level per profile, each variable
		// interpolated between the good levels around the target
		var at []level
		for i := 0; i < len(lv); {
			j := i
			for j < len(lv) && lv[j].prof == lv[i].prof {
				j++
			}
			l := level{prof: lv[i].prof, pres: p.Pressure.Target}
			col := func(get func(level) float64) []float64 {
				out := make([]float64, 0, j-i)
				for _, x := range lv[i:j] {
					out = append(out, get(x))
				}
				return out
			}
			pres := col(func(x level) float64 { return x.pres })
			var at0 float64
			l.v, at0 = interpAt(pres, col(func(x level) float64 { return x.v }), p.Pressure.Target)
			if !math.IsNaN(at0) {
				l.pres = at0
			}
			any := !math.IsNaN(l.v)
			for k := range p.With {
				wv, _ := interpAt(pres, col(func(x level) float64 { return x.with[k] }), p.Pressure.Target)
				l.with = append(l.with, wv)
				any = any || !math.IsNaN(wv)
			}
			if any {
				at = append(at, l)
			}
			i = j
		}
		lv = at
	}
	good := slices.DeleteFunc(slices.Clone(lv), func(l level) bool { return math.IsNaN(l.v) })
	// a profile is a cycle and direction; a descending one is keyed "D"
	profID := func(pr *ncProfile) string {
		if pr.dir == "D" {
			return fmt.Sprintf("%s/%dD", pr.wmo, pr.cycle)
		}
		return fmt.Sprintf("%s/%d", pr.wmo, pr.cycle)
	}
	group := func(l level) string {
		switch p.GroupBy {
		case "float":
			return l.prof.wmo
		case "cycle":
			return fmt.Sprint(l.prof.cycle)
		case "month":
			return l.prof.time.UTC().Format("2006-01")
		case "depth_bin":
			bin := p.BinDbar
			if bin <= 0 {
				bin = 100
			}
			return fmt.Sprintf("%g", math.Floor(l.pres/bin)*bin)
		}
		return ""
	}
	switch {
	case p.Rank != nil:
		hi := map[string]bool{"deepest": true, "warmest": true, "saltiest": true, "highest": true}[p.Rank.By]
		best := map[string]float64{}
		keyOf := map[string]*ncProfile{}
		for _, l := range good {
			k := l.prof.wmo
			if p.Rank.Of == "profile" {
				k = profID(l.prof)
			}
			keyOf[k] = l.prof
			if b, ok := best[k]; !ok || hi && l.v > b || !hi && l.v < b {
				best[k] = l.v
			}
		}
		keys := mapKeys(best)
		slices.SortFunc(keys, func(a, b string) int {
			if c := cmp.Compare(best[a], best[b]); c != 0 {
				if hi {
					return -c
				}
				return c
			}
			return cmpProf(keyOf[a], keyOf[b])
		})
		for i, k := range keys[:min(len(keys), rankN(p))] {
			out[fmt.Sprintf("%d:%s", i, k)] = best[k]
		}
	case p.Aggregate == "count" && p.GroupBy != "":
		// by group: only the groups with a good value
		profs := map[string]map[string]bool{}
		for _, l := range good {
			g := group(l)
			if profs[g] == nil {
				profs[g] = map[string]bool{}
			}
			profs[g][profID(l.prof)] = true
			out["n:measurements/"+g]++
		}
		for g, ps := range profs {
			out["n:profiles/"+g] = float64(len(ps))
		}
	case p.Aggregate == "count":
		profs := map[string]bool{}
		for _, l := range good {
			profs[profID(l.prof)] = true
		}
		out["n:measurements"] = float64(len(good))
		out["n:profiles"] = float64(len(profs))
	case p.Aggregate == "value":
		target := 0.0
		if p.Pressure != nil {
			target = p.Pressure.Target
		}
		bestD := map[string]float64{}
		for _, l := range good {
			k := profID(l.prof)
			if dd, ok := bestD[k]; !ok || math.Abs(l.pres-target) < dd {
				bestD[k] = math.Abs(l.pres - target)
				out[k] = l.v
			}
		}
	case p.Aggregate == "trend":
		type pt struct{ x, y float64 }
		per := map[string]map[string][]float64{} // group → profile → values
		times := map[string]time.Time{}
		for _, l := range good {
			g := ""
			if len(p.Floats) > 1 || p.GroupBy == "float" {
				g = l.prof.wmo
			}
			if per[g] == nil {
				per[g] = map[string][]float64{}
			}
			per[g][profID(l.prof)] = append(per[g][profID(l.prof)], l.v)
			times[profID(l.prof)] = l.prof.time
		}
		for g, profs := range per {
			var pts []pt
			for k, vs := range profs {
				pts = append(pts, pt{float64(times[k].Unix()) / 31557600.0, mean(vs)})
			}
			if len(pts) < 2 {
				continue
			}
			var sx, sy, sxx, sxy float64
			for _, q := range pts {
				sx, sy, sxx, sxy = sx+q.x, sy+q.y, sxx+q.x*q.x, sxy+q.x*q.y
			}
			n := float64(len(pts))
			if den := n*sxx - sx*sx; den != 0 {
				out["trend"+g] = (n*sxy - sx*sy) / den
			}
		}
	case p.Aggregate == "profile":
		latest := map[string]int{}
		for _, l := range lv {
			latest[l.prof.wmo] = max(latest[l.prof.wmo], l.prof.cycle)
		}
		for _, l := range lv {
			if len(p.Cycles) == 0 && l.prof.cycle != latest[l.prof.wmo] {
				continue
			}
			base := fmt.Sprintf("%s/%.2f", profID(l.prof), l.pres)
			vals := append([]float64{l.v}, l.with...)
			for i, name := range append([]string{p.Variable}, p.With...) {
				if !math.IsNaN(vals[i]) {
					out[base+"/"+name] = vals[i]
				}
			}
		}
	case p.Aggregate == "timeseries":
		groups := map[string][]float64{}
		for _, l := range good {
			k := profID(l.prof)
			if p.GroupBy == "month" {
				k = l.prof.time.UTC().Format("2006-01")
			}
			groups[k] = append(groups[k], l.v)
		}
		for k, vs := range groups {
			out[k] = mean(vs)
		}
	case p.Aggregate == "compare" && len(p.Floats) == 2 && p.GroupBy == "":
		var a, b []float64
		for _, l := range good {
			if l.prof.wmo == p.Floats[0] {
				a = append(a, l.v)
			} else if l.prof.wmo == p.Floats[1] {
				b = append(b, l.v)
			}
		}
		if len(a) > 0 && len(b) > 0 {
			out["difference"] = mean(a) - mean(b)
		}
	case p.Aggregate == "range":
		groups := map[string][]float64{}
		for _, l := range good {
			groups[group(l)] = append(groups[group(l)], l.v)
		}
		for g, vs := range groups {
			lo, hi := slices.Min(vs), slices.Max(vs)
			out["min"+g], out["max"+g], out["range"+g] = lo, hi, hi-lo
		}
	default: // min, max, mean, median, by group or not; compare by group
		groups := map[string][]float64{}
		for _, l := range good {
			g := group(l)
			if p.Aggregate == "compare" && g == "" {
				g = l.prof.wmo
			}
			groups[g] = append(groups[g], l.v)
		}
		for g, vs := range groups {
			var v float64
			switch p.Aggregate {
			case "max":
				v = slices.Max(vs)
			case "min":
				v = slices.Min(vs)
			case "mean", "compare":
				v = mean(vs)
			case "median":
				s := slices.Clone(vs)
				slices.Sort(s)
				v = s[len(s)/2]
				if len(s)%2 == 0 {
					v = (s[len(s)/2-1] + s[len(s)/2]) / 2
				}
			}
			out["v"+g] = v
		}
	}
	return out
}

func expectStations(p QueryPlan, d *ncData, out map[string]float64) {
	var sts []ncStation
	for _, s := range d.stations {
		if matchProfile(p, s.wmo, s.cycle, s.time, s.lat, s.lon, s.ocean) {
			sts = append(sts, s)
		}
	}
	byFloat := func(better func(a, b ncStation) bool) map[string]ncStation {
		m := map[string]ncStation{}
		for _, s := range sts {
			if b, ok := m[s.wmo]; !ok || better(s, b) {
				m[s.wmo] = s
			}
		}
		return m
	}
	n := rankN(p)
	switch {
	case p.Rank != nil && p.Rank.By == "nearest":
		dist := func(s ncStation) float64 { return haversineKm(p.Near.Lat, p.Near.Lon, s.lat, s.lon) }
		sts = slices.DeleteFunc(sts, func(s ncStation) bool { return math.IsNaN(s.lat) || math.IsNaN(s.lon) })
		if p.Rank.Of == "profile" {
			slices.SortFunc(sts, func(a, b ncStation) int {
				return cmp.Or(cmp.Compare(dist(a), dist(b)), strings.Compare(a.wmo, b.wmo), cmp.Compare(a.cycle, b.cycle))
			})
			for i, s := range sts[:min(n, len(sts))] {
				out[fmt.Sprintf("%d:%s/%d", i, s.wmo, s.cycle)] = dist(s)
			}
			return
		}
		m := byFloat(func(a, b ncStation) bool { return dist(a) < dist(b) })
		keys := mapKeys(m)
		slices.SortFunc(keys, func(a, b string) int { return cmp.Or(cmp.Compare(dist(m[a]), dist(m[b])), strings.Compare(a, b)) })
		for i, k := range keys[:min(n, len(keys))] {
			out[fmt.Sprintf("%d:%s", i, k)] = dist(m[k])
		}
	case p.Rank != nil && (p.Rank.By == "latest" || p.Rank.By == "earliest"):
		late := p.Rank.By == "latest"
		sts = slices.DeleteFunc(sts, func(s ncStation) bool { return s.time.IsZero() })
		if p.Rank.Of == "profile" { // profiles ranked by time, not floats by their latest
			slices.SortFunc(sts, func(a, b ncStation) int {
				c := a.time.Compare(b.time)
				if late {
					c = -c
				}
				return cmp.Or(c, strings.Compare(a.wmo, b.wmo), cmp.Compare(a.cycle, b.cycle))
			})
			for i, s := range sts[:min(n, len(sts))] {
				out[fmt.Sprintf("%d:%s/%d", i, s.wmo, s.cycle)] = float64(s.time.Unix()) / 86400
			}
			return
		}
		m := byFloat(func(a, b ncStation) bool { return late && a.time.After(b.time) || !late && a.time.Before(b.time) })
		keys := mapKeys(m)
		slices.SortFunc(keys, func(a, b string) int {
			c := m[a].time.Compare(m[b].time)
			if late {
				c = -c
			}
			return cmp.Or(c, strings.Compare(a, b))
		})
		for i, k := range keys[:min(n, len(keys))] {
			out[fmt.Sprintf("%d:%s", i, k)] = float64(m[k].time.Unix()) / 86400
		}
	case p.Rank != nil && p.Rank.By == "most_profiles":
		counts := map[string]int{}
		for _, s := range sts {
			counts[s.wmo]++
		}
		keys := mapKeys(counts)
		slices.SortFunc(keys, func(a, b string) int { return cmp.Or(-cmp.Compare(counts[a], counts[b]), strings.Compare(a, b)) })
		for i, k := range keys[:min(n, len(keys))] {
			out[fmt.Sprintf("n:%d:%s", i, k)] = float64(counts[k])
		}
	case p.Aggregate == "track":
		// a profile is its float, cycle and direction: a descending
		// profile ("D") of a cycle is a position of its own, as the
		// gateway's rows name it
		for _, s := range sts {
			if !math.IsNaN(s.lat) {
				id := fmt.Sprintf("%s/%d", s.wmo, s.cycle)
				if s.dir == "D" {
					id += "D"
				}
				out[id+"/lat"] = s.lat
				out[id+"/lon"] = s.lon
			}
		}
	case p.Aggregate == "count":
		floats := map[string]int{}
		for _, s := range sts {
			floats[s.wmo]++
		}
		if p.GroupBy == "float" {
			for w, c := range floats {
				out["n:"+w] = float64(c)
			}
			return
		}
		out["n:floats"] = float64(len(floats))
		out["n:profiles"] = float64(len(sts))
	}
}

// matchProfile applies a plan's float, cycle, time and place filters.
func matchProfile(p QueryPlan, wmo string, cycle int, t time.Time, lat, lon float64, ocean string) bool {
	if len(p.Floats) > 0 && !slices.Contains(p.Floats, wmo) {
		return false
	}
	if len(p.Cycles) > 0 && !slices.Contains(p.Cycles, cycle) {
		return false
	}
	if tf := p.Time; tf != nil {
		from, _ := time.Parse("2006-01-02", tf.From)
		to, _ := time.Parse("2006-01-02", tf.To)
		if t.IsZero() || tf.From != "" && t.Before(from) || tf.To != "" && !t.Before(to) {
			return false
		}
	}
	if p.Region != "" {
		r, _ := regionByName(p.Region)
		if r.Ocean != "" && ocean != r.Ocean || r.Ocean == "" && (math.IsNaN(lat) || !r.contains(lon, lat)) {
			return false
		}
	}
	if b := p.Box; b != nil && (math.IsNaN(lat) || lat < b.MinLat || lat > b.MaxLat || lon < b.MinLon || lon > b.MaxLon) {
		return false
	}
	if n := p.Near; n != nil && n.RadiusKm > 0 && (math.IsNaN(lat) || haversineKm(n.Lat, n.Lon, lat, lon) > n.RadiusKm) {
		return false
	}
	return true
}

func haversineKm(lat0, lon0, lat, lon float64) float64 {
	rad := math.Pi / 180
	h := math.Pow(math.Sin((lat-lat0)*rad/2), 2) + math.Cos(lat0*rad)*math.Cos(lat*rad)*math.Pow(math.Sin((lon-lon0)*rad/2), 2)
	return 6371.0088 * 2 * math.Asin(math.Min(1, math.Sqrt(h)))
}

func cmpProf(a, b *ncProfile) int {
	return cmp.Or(strings.Compare(a.wmo, b.wmo), cmp.Compare(a.cycle, b.cycle), strings.Compare(a.dir, b.dir))
}

func mean(vs []float64) float64 {
	s := 0.0
	for _, v := range vs {
		s += v
	}
	return s / float64(len(vs))
}

func mapKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// interpAt is the value of one profile's levels at pressure target:
// linear between the good levels nearest above and below it, else the
// good level nearest it; with the pressure it stands at (target when
// interpolated), NaN and NaN when no level has a good value.
func interpAt(pres, vals []float64, target float64) (float64, float64) {
	loP, hiP, nearD := math.Inf(-1), math.Inf(1), math.Inf(1)
	loV, hiV, nearV, nearP := math.NaN(), math.NaN(), math.NaN(), math.NaN()
	for i, v := range vals {
		z := pres[i]
		if math.IsNaN(v) {
			continue
		}
		if z <= target && z > loP {
			loP, loV = z, v
		}
		if z >= target && z < hiP {
			hiP, hiV = z, v
		}
		if d := math.Abs(z - target); d < nearD {
			nearD, nearV, nearP = d, v, z
		}
	}
	switch {
	case !math.IsNaN(loV) && !math.IsNaN(hiV) && hiP == loP:
		return loV, target
	case !math.IsNaN(loV) && !math.IsNaN(hiV):
		return loV + (hiV-loV)*(target-loP)/(hiP-loP), target
	}
	return nearV, nearP
}
