package ocean

// RegionContains returns a test of whether a position (degrees, and the
// GDAC index's ocean code A, I or P) lies in the named sea or ocean, as the
// gateway's questions understand the name; false when the name is unknown.
func RegionContains(name string) (func(lat, lon float64, ocean string) bool, bool) {
	r, ok := regionByName(name)
	if !ok {
		return nil, false
	}
	if r.Ocean != "" {
		return func(_, _ float64, ocean string) bool { return ocean == r.Ocean }, true
	}
	return func(lat, lon float64, _ string) bool { return r.contains(lon, lat) }, true
}

// RegionNames are the seas and oceans RegionContains knows.
func RegionNames() []string { return regionNames() }
