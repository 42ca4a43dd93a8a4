package roadtrip

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/geo"
)

// far reports whether a point at progress f and offset off (km) lies too
// far from a corridor total km long for any sensible route to pass it.
func far(f, off, total float64) bool {
	return f < -0.1 || f > 1.1 || math.Abs(off) > math.Max(0.6*total, 60)
}

// preferRegion drops cities outside the region (state, country) that the
// start and end share, when at least want cities inside it remain.
func preferRegion(pool []city, a, b string, want int) []city {
	ra, rb := region(a), region(b)
	if ra == "" || ra != rb {
		return pool
	}
	var in []city
	for _, c := range pool {
		if c.Include || region(c.Address) == ra {
			in = append(in, c)
		}
	}
	if countFree(in) >= want {
		return in
	}
	return pool
}

// landSide is +1 when the cities found in the start's and end's shared
// region lie left of those outside it, -1 when right, else 0: later
// samples move that way (off water, away from a neighbouring state).
func landSide(pool []city, a, b string) float64 {
	ra := region(a)
	if ra == "" || ra != region(b) {
		return 0
	}
	var in, out, nin, nout float64
	for _, c := range pool {
		if c.Include {
			continue
		}
		if region(c.Address) == ra {
			in, nin = in+c.OffKm, nin+1
		} else {
			out, nout = out+c.OffKm, nout+1
		}
	}
	// Samples on the line itself (the first round) say nothing of sides.
	if nin == 0 || nout == 0 || math.Abs(in/nin-out/nout) < 0.1 {
		return 0
	}
	if in/nin > out/nout {
		return 1
	}
	return -1
}

// region is an address without its first part ("Dover, Delaware, United
// States" → "Delaware, United States").
func region(addr string) string {
	parts := strings.Split(addr, ", ")
	if len(parts) < 2 {
		return ""
	}
	return strings.Join(parts[max(1, len(parts)-2):], ", ")
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

func countFree(pool []city) int {
	n := 0
	for _, c := range pool {
		if !c.Include {
			n++
		}
	}
	return n
}

// poolSize is the fewest free cities from which n distinct routes of k
// cities can be drawn.
func poolSize(k, n int) int {
	if k == 0 {
		return 0
	}
	for p := k; ; p++ {
		if binom(p, k) >= n || p > k+n {
			return p
		}
	}
}

func binom(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// sampleCities reverse-geocodes n points spread along the corridor,
// alternating sides of the straight line for variety.
func (p *Planner) sampleCities(ctx context.Context, a, b [2]float64, total float64, n, round int, side float64) ([]city, error) {
	w := math.Min(math.Max(0.06*total, 2), 25)
	shift := side * w
	pts := make([][2]float64, n)
	for i := range pts {
		// First along the straight line (between two towns it is most
		// likely on land), then off it on both sides.
		f := (float64(i) + 1) / float64(n+1)
		off := 0.0
		if round > 0 {
			f = (float64(i) + 0.5) / float64(n)
			// Wider each round: narrow corridors name the same towns.
			off = shift + float64(round)*[4]float64{-w, w, -w / 2, w / 2}[(i+round)%4]
		}
		pts[i] = interpolate(a, b, f, off)
	}
	out := make([]city, n)
	ok := make([]bool, n)
	errs := parallel(n, func(i int) error {
		rg, err := p.mapsFor(ctx).ReverseGeocode(ctx, pts[i][0], pts[i][1])
		if err != nil {
			return err
		}
		// The town: a locality, else what Google gives rural points
		// (postal town, district); a road or plus code is no town.
		name := ""
	find:
		for _, want := range []string{"locality", "postal_town", "sublocality", "administrative_area_level_2"} {
			for _, c := range rg.AddressComponents {
				if slices.Contains(c.Types, want) {
					name = c.LongName
					break find
				}
			}
		}
		if name == "" {
			return nil
		}
		f, off := project(a, b, pts[i])
		out[i] = city{Name: name, PlaceID: rg.PlaceID, Address: rg.FormattedAddress, Lat: pts[i][0], Lng: pts[i][1], Frac: f, OffKm: off}
		ok[i] = true
		return nil
	})
	var res []city
	var failed []error
	for i := range out {
		if ok[i] {
			res = append(res, out[i])
		} else if errs[i] != nil && !errors.Is(errs[i], geo.ErrZeroResults) {
			failed = append(failed, errs[i])
		}
	}
	if len(res) == 0 && len(failed) > 0 {
		return nil, errors.Join(failed...)
	}
	return res, nil
}

// keep reports whether c is a new city that is not an endpoint or avoided,
// nor part of a town already kept.
func keep(c city, pool []city, avoid []string) bool {
	n := strings.ToLower(c.Name)
	for _, a := range avoid {
		if a = strings.ToLower(strings.TrimSpace(a)); a != "" && (n == a || strings.Contains(n, a) || strings.Contains(a, n)) {
			return false
		}
	}
	for _, p := range pool {
		if p.PlaceID == c.PlaceID || strings.EqualFold(p.Name, c.Name) {
			return false
		}
		// A place named after a town next to it is part of that town to
		// a visitor (Dover Base Housing by Dover, Pike Creek Valley by
		// Pike Creek).
		if strings.HasPrefix(n, strings.ToLower(p.Name)+" ") && distKm(c.Lat, c.Lng, p.Lat, p.Lng) < 10 {
			return false
		}
	}
	return true
}

// townsAlong asks the maps for the towns around the straight line from a
// to b: a search for towns in circles along it. It keeps the towns inside
// the corridor, ranked by the order the searches named them, taken in
// turn from each circle so every stretch of the way has its best-named
// towns first. Searches that fail or find nothing give no towns; the
// caller then names towns by reverse geocoding (sampleCities).
func (p *Planner) townsAlong(ctx context.Context, a, b [2]float64, total float64) []city {
	// Each circle reaches a stretch of the line and well to either side:
	// the roads between two places need not follow the straight line
	// (Wilmington to Rehoboth Beach drives inland, the line crosses the
	// bay).
	k := int(clamp(math.Ceil(total/35), 1, 3))
	radius := clamp(total/float64(2*k)+0.15*total, 8, geo.MaxSearchRadius/1000)
	lists := make([][]geo.Place, k)
	parallel(k, func(i int) error {
		c := interpolate(a, b, (float64(i)+0.5)/float64(k), 0)
		sr, err := p.mapsFor(ctx).SearchPlaces(ctx, geo.SearchRequest{Query: "towns", Location: &geo.LatLng{Lat: c[0], Lng: c[1]}, Radius: radius * 1000})
		lists[i] = sr.Places
		return err
	})
	var out []city
	seen := map[string]bool{}
	for pos := 0; ; pos++ {
		more := false
		for _, l := range lists {
			if pos >= len(l) {
				continue
			}
			more = true
			pl := l[pos]
			if seen[pl.PlaceID] || !slices.Contains(pl.Types, "locality") {
				continue
			}
			seen[pl.PlaceID] = true
			f, off := project(a, b, [2]float64{pl.Location.Lat, pl.Location.Lng})
			if f <= 0.02 || f >= 0.98 || math.Abs(off) > math.Max(8, 0.3*total) {
				continue
			}
			out = append(out, city{Name: pl.Name, PlaceID: pl.PlaceID, Address: pl.FormattedAddress,
				Lat: pl.Location.Lat, Lng: pl.Location.Lng, Frac: f, OffKm: off, Rank: len(out)})
		}
		if !more {
			return out
		}
	}
}
