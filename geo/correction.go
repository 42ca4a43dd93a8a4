package geo

import (
	"cmp"
	"math"
	"slices"
)

// ETOPO5 averages 9 km cells: it puts coastal towns below sea level and
// shaves hills. Point heights from finer sources (GeoNames' SRTM-derived
// dem per populated place, OSM ele tags) are known much better where
// they lie; correction blends the nearest of them with ETOPO5.
//
// The blend is Shepard's modified inverse-distance interpolation over
// the corrNeighbours nearest points within corrMaxKm, with ETOPO5 as
// one more weak point everywhere:
//
//	h(p) = (W₀·etopo5(p) + Σ wᵢ·hᵢ) / (W₀ + Σ wᵢ),  wᵢ = ((R − dᵢ) / (R·dᵢ))²
//
// R is the distance to the next-nearest point (corrMaxKm if there is
// none), so the weights adapt to the density of points and a point
// entering or leaving the neighbourhood does so with weight zero. At a
// reference point the result is its own height; far from every point it
// is plain ETOPO5. W₀ = 1/corrPriorKm² is small: it only matters where
// the nearest points are almost corrMaxKm away, and makes the result
// fade to ETOPO5 there instead of jumping.
//
// A summit's height says little about the slopes around it, so peaks and
// saddles take part only within summitKm of the position.
const (
	corrNeighbours = 12
	corrMaxKm      = 20.0
	corrPriorKm    = 10.0
	summitKm       = 1.0
)

// Sources of reference points, as bits of a set.
const (
	refGeoNames uint8 = 1 << iota
	refOSM
)

// refPoint is a reference height.
type refPoint struct {
	lat, lng float32
	height   float32 // metres
	src      uint8
	summit   bool
}

// The index keeps points in rows of corrRowDeg of latitude, each row
// sorted by longitude, so a box is one binary search and a scan per row.
// A 1° bitmap marks where a point may be within reach, so positions far
// from every point (the oceans) skip the search.
const (
	corrRowDeg = 0.05
	corrRows   = 3600 // 180 / corrRowDeg
	kmPerDeg   = 6371.0088 * math.Pi / 180
)

// correction is the index of reference points and the blend's settings.
type correction struct {
	rowStart []uint32 // len corrRows+1, into pts
	pts      []refPoint
	reach    [(180*360 + 63) / 64]uint64 // 1° cells within maxKm of a point
	names    [4]string                   // Elevation.Source by set of sources

	// Settings (km), fixed by newCorrection.
	neighbours          int
	maxKm, priorKm, sKm float64
}

func corrRow(lat float64) int {
	return min(max(int(math.Floor((lat+90)/corrRowDeg)), 0), corrRows-1)
}

// degCell is the 1° cell of a position: row from the south pole, column
// from the antimeridian.
func degCell(lat, lng float64) (row, col int) {
	return min(max(int(math.Floor(lat+90)), 0), 179), ((int(math.Floor(lng+180)) % 360) + 360) % 360
}

// newCorrection indexes pts (unordered); grid names the grid they
// correct, for Elevation.Source.
func newCorrection(pts []refPoint, grid string) *correction {
	k := &correction{neighbours: min(corrNeighbours, maxNeighbours), maxKm: corrMaxKm, priorKm: corrPriorKm, sKm: summitKm,
		pts: make([]refPoint, len(pts)), rowStart: make([]uint32, corrRows+1)}
	k.names[refGeoNames] = grid + "+GeoNames"
	k.names[refOSM] = grid + "+OSM"
	k.names[refGeoNames|refOSM] = grid + "+GeoNames+OSM"
	// Bucket by row, then sort each row by longitude; stable, so equal
	// positions keep the order they came in and the index is the same on
	// every run.
	var occupied [180 * 360]bool
	for _, p := range pts {
		k.rowStart[corrRow(float64(p.lat))+1]++
		dr, dc := degCell(float64(p.lat), float64(p.lng))
		occupied[dr*360+dc] = true
	}
	for r := range corrRows {
		k.rowStart[r+1] += k.rowStart[r]
	}
	fill := slices.Clone(k.rowStart[:corrRows])
	for _, p := range pts {
		r := corrRow(float64(p.lat))
		k.pts[fill[r]] = p
		fill[r]++
	}
	for r := range corrRows {
		slices.SortStableFunc(k.pts[k.rowStart[r]:k.rowStart[r+1]], func(a, b refPoint) int { return cmp.Compare(a.lng, b.lng) })
	}
	// A 1° cell is within reach of a point in the rows next to it (a
	// degree of latitude is far more than maxKm) and within as many
	// columns as maxKm spans at the poleward edge of those rows.
	for cell, ok := range occupied {
		if !ok {
			continue
		}
		row, col := cell/360, cell%360
		r0, r1 := max(row-1, 0), min(row+1, 179)
		edge := math.Max(math.Abs(float64(r0-90)), math.Abs(float64(r1+1-90)))
		cos := math.Cos(math.Min(edge, 90) * math.Pi / 180)
		dc := 180
		if span := k.maxKm / (kmPerDeg * cos); span < 179 {
			dc = 1 + int(span)
		}
		for r := r0; r <= r1; r++ {
			for c := col - dc; c <= col+dc; c++ {
				i := r*360 + ((c%360)+360)%360
				k.reach[i/64] |= 1 << (i % 64)
			}
		}
	}
	return k
}

// inReach reports whether a point may lie within maxKm of (lat, lng).
func (k *correction) inReach(lat, lng float64) bool {
	r, c := degCell(lat, lng)
	i := r*360 + c
	return k.reach[i/64]&(1<<(i%64)) != 0
}

// blend is the correction at one position.
type blend struct {
	height  float64 // metres, valid when src != 0
	nearest float64 // km to the nearest contributing point
	src     uint8   // sources that contributed; 0: none, use the grid
}

// maxNeighbours bounds neighbours so candidates fit in an array.
const maxNeighbours = 16

type candidate struct {
	d2 float64
	p  *refPoint
}

// search collects the points nearest a position, nearest first.
type search struct {
	k                *correction
	lat, lng, cosLat float64
	max2, excl2, s2  float64
	best             [maxNeighbours + 1]candidate
	n, want          int
}

// at blends the reference points near (lat, lng) with the grid value
// base. Points closer than excludeKm are ignored: 0 in use; hold-out
// tests pass a buffer so that a place and its duplicates from other
// sources do not predict themselves.
func (k *correction) at(lat, lng, base, excludeKm float64) blend {
	if len(k.pts) == 0 || !k.inReach(lat, lng) {
		return blend{}
	}
	s := search{k: k, lat: lat, lng: lng, cosLat: math.Max(math.Cos(lat*math.Pi/180), 1e-3),
		max2: k.maxKm * k.maxKm, excl2: excludeKm * excludeKm, s2: k.sKm * k.sKm, want: k.neighbours + 1}
	// Search growing squares until the nearest want points are known to
	// lie inside the last one: where points are dense the first does.
	for km := k.maxKm / 8; ; km *= 2 {
		km = math.Min(km, k.maxKm)
		s.square(km)
		if km == k.maxKm || (s.n == s.want && s.best[s.n-1].d2 <= km*km) {
			break
		}
	}
	r, n := k.maxKm, s.n
	if n == s.want {
		r = math.Sqrt(s.best[n-1].d2)
		n--
	}
	b := blend{nearest: math.Inf(1)}
	var sw, swh float64
	for _, c := range s.best[:n] {
		d := max(math.Sqrt(c.d2), 1e-3) // 1 m: the point itself dominates
		if d >= r {
			continue
		}
		w := (r - d) / (r * d)
		w *= w
		sw += w
		swh += w * float64(c.p.height)
		b.src |= c.p.src
		b.nearest = min(b.nearest, d)
	}
	if sw == 0 {
		return blend{}
	}
	w0 := 1 / (k.priorKm * k.priorKm)
	b.height = (w0*base + swh) / (w0 + sw)
	return b
}

// square replaces the candidates with the nearest points in the square
// of half-side km around the position.
func (s *search) square(km float64) {
	s.n = 0
	dLat := km / kmPerDeg
	dLng := km / kmPerDeg / s.cosLat
	w, e := s.lng-dLng, s.lng+dLng
	for row, last := corrRow(s.lat-dLat), corrRow(s.lat+dLat); row <= last; row++ {
		switch {
		case dLng >= 180:
			s.scan(row, -180, 180)
		case w < -180: // across the antimeridian
			s.scan(row, w+360, 180)
			s.scan(row, -180, e)
		case e > 180:
			s.scan(row, w, 180)
			s.scan(row, -180, e-360)
		default:
			s.scan(row, w, e)
		}
	}
}

// scan offers the points of one row between longitudes w and e. Points
// at or beyond maxKm, closer than the hold-out buffer, and summits
// beyond sKm are skipped.
func (s *search) scan(row int, w, e float64) {
	k := s.k
	i, hi := int(k.rowStart[row]), int(k.rowStart[row+1])
	for j := hi; i < j; { // first point at or east of w
		m := int(uint(i+j) >> 1)
		if float64(k.pts[m].lng) < w {
			i = m + 1
		} else {
			j = m
		}
	}
	for ; i < hi && float64(k.pts[i].lng) <= e; i++ {
		p := &k.pts[i]
		dx := float64(p.lng) - s.lng
		if dx > 180 {
			dx -= 360
		} else if dx < -180 {
			dx += 360
		}
		dx *= s.cosLat
		dy := float64(p.lat) - s.lat
		d2 := (dx*dx + dy*dy) * kmPerDeg * kmPerDeg
		if d2 >= s.max2 || d2 < s.excl2 || (p.summit && d2 >= s.s2) || (s.n == s.want && d2 >= s.best[s.n-1].d2) {
			continue
		}
		j := min(s.n, s.want-1)
		for j > 0 && s.best[j-1].d2 > d2 {
			s.best[j] = s.best[j-1]
			j--
		}
		s.best[j] = candidate{d2, p}
		s.n = min(s.n+1, s.want)
	}
}

// validHeight reports whether a height in metres is plausible on land:
// the Dead Sea shore is about -430 m, Everest 8,849 m. It also refuses
// pack.NoElev and GeoNames' -9999 for "no data".
func validHeight(v int32) bool { return v >= -450 && v <= 8900 }

// referencePoints gathers the GeoNames places' heights (dem, else the
// elevation column) and the regions' OSM spot heights.
func referencePoints(c *cities, regions []*region) []refPoint {
	n := c.src.N
	for _, r := range regions {
		n += len(r.src.Spots)
	}
	pts := make([]refPoint, 0, n)
	for i := 0; i < c.src.N; i++ {
		h := c.src.DEM[i]
		if !validHeight(h) {
			h = c.src.Elev[i]
		}
		if validHeight(h) {
			pts = append(pts, refPoint{lat: float32(c.lat[i]), lng: float32(c.lng[i]), height: float32(h), src: refGeoNames})
		}
	}
	for _, r := range regions {
		for _, s := range r.src.Spots {
			lat, lng := float64(s.Lat)/1e6, float64(s.Lng)/1e6
			if lat < -90 || lat > 90 || lng < -180 || lng > 180 || !validHeight(s.Ele/10) {
				continue
			}
			pts = append(pts, refPoint{lat: float32(lat), lng: float32(lng), height: float32(s.Ele) / 10, src: refOSM, summit: s.Summit})
		}
	}
	return pts
}
