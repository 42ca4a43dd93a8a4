package roadtrip

import (
	"math"

	"github.com/cairn-agents/cairn/geo"
)

const earthKm = 6371.0088

func rad(d float64) float64 { return d * math.Pi / 180 }
func deg(r float64) float64 { return r * 180 / math.Pi }

// distKm is the great-circle distance in km.
func distKm(lat1, lng1, lat2, lng2 float64) float64 {
	return geo.Distance(geo.LatLng{Lat: lat1, Lng: lng1}, geo.LatLng{Lat: lat2, Lng: lng2}) / 1000
}

// toVec and fromVec convert between lat/lng and unit vectors.
func toVec(lat, lng float64) [3]float64 {
	la, lo := rad(lat), rad(lng)
	return [3]float64{math.Cos(la) * math.Cos(lo), math.Cos(la) * math.Sin(lo), math.Sin(la)}
}

func fromVec(v [3]float64) (float64, float64) {
	n := math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])
	return deg(math.Asin(v[2] / n)), deg(math.Atan2(v[1], v[0]))
}

// interpolate returns the point a fraction f of the way from a to b along
// the great circle, moved off km to the left of travel (negative: right).
func interpolate(a, b [2]float64, f, off float64) [2]float64 {
	va, vb := toVec(a[0], a[1]), toVec(b[0], b[1])
	dot := va[0]*vb[0] + va[1]*vb[1] + va[2]*vb[2]
	omega := math.Acos(math.Max(-1, math.Min(1, dot)))
	var p [3]float64
	if omega < 1e-9 {
		p = va
	} else {
		s := math.Sin(omega)
		ka, kb := math.Sin((1-f)*omega)/s, math.Sin(f*omega)/s
		for i := range p {
			p[i] = ka*va[i] + kb*vb[i]
		}
	}
	if off != 0 && omega >= 1e-9 {
		// Normal of the great circle a→b: a × b, normalised; left of travel.
		n := [3]float64{va[1]*vb[2] - va[2]*vb[1], va[2]*vb[0] - va[0]*vb[2], va[0]*vb[1] - va[1]*vb[0]}
		l := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])
		ang := off / earthKm
		for i := range p {
			p[i] = p[i]*math.Cos(ang) + n[i]/l*math.Sin(ang)
		}
	}
	lat, lng := fromVec(p)
	return [2]float64{lat, lng}
}

// project gives the progress (0 at a, 1 at b) and the signed offset in km
// (positive left of travel) of p relative to the great circle a→b.
func project(a, b, p [2]float64) (frac, offKm float64) {
	va, vb, vp := toVec(a[0], a[1]), toVec(b[0], b[1]), toVec(p[0], p[1])
	n := [3]float64{va[1]*vb[2] - va[2]*vb[1], va[2]*vb[0] - va[0]*vb[2], va[0]*vb[1] - va[1]*vb[0]}
	l := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])
	total := distKm(a[0], a[1], b[0], b[1])
	if l < 1e-12 || total < 1e-6 {
		return 0, distKm(a[0], a[1], p[0], p[1])
	}
	sinOff := (n[0]*vp[0] + n[1]*vp[1] + n[2]*vp[2]) / l
	offKm = math.Asin(math.Max(-1, math.Min(1, sinOff))) * earthKm
	along := distKm(a[0], a[1], p[0], p[1])
	cosAlong := math.Cos(along/earthKm) / math.Max(1e-12, math.Cos(offKm/earthKm))
	alongKm := math.Acos(math.Max(-1, math.Min(1, cosAlong))) * earthKm
	// Behind a: the point is farther from b than a is.
	if distKm(b[0], b[1], p[0], p[1]) > total && distKm(a[0], a[1], p[0], p[1]) < distKm(b[0], b[1], p[0], p[1]) {
		alongKm = -alongKm
	}
	return alongKm / total, offKm
}
