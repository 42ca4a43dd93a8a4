package geo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/cairn-agents/cairn/geo/internal/pack"
)

// Names of the derived files inside a data directory.
const (
	CitiesFile   = "cities.gz"
	ElevFile     = "etopo5.gz"
	RegionsDir   = "regions"
	ManifestFile = "manifest.json"
)

// Options configure Open. Base or Dir must be set: geo does not import
// its embedded data itself, so a caller that wants it passes assets.FS.
type Options struct {
	// Base holds the derived files (cities.gz, etopo5.gz, regions/*.gz),
	// e.g. the data embedded in the binary (package
	// github.com/cairn-agents/cairn/geo/assets).
	Base fs.FS
	// Dir is an optional directory written by `cairn data build` or
	// `cairn data import-osm`. Files in it override Base; its regions are
	// added to Base's.
	Dir string
	// SRTMDir holds SRTM .hgt tiles (N47W122.hgt, ...). Where a tile
	// covers a point it is used instead of ETOPO5.
	SRTMDir string
}

// Engine is the offline maps backend. It is safe for concurrent use.
type Engine struct {
	cities  *cities
	dem     *grid
	srtm    *srtm
	regions []*region
	info    Info
	// corr is built on the first elevation request, so opening the
	// engine for other operations does not pay for it.
	corr func() *correction
	// drawState is built on the first Features request.
	drawState
}

// Info summarises what an Engine loaded.
type Info struct {
	Cities        int          `json:"cities"`
	CitiesSource  string       `json:"cities_source"`
	ElevSource    string       `json:"elevation_source"`
	SRTMDir       string       `json:"srtm_dir,omitempty"`
	Regions       []RegionInfo `json:"regions"`
	CityNameCount int          `json:"city_names"`
}

// RegionInfo summarises one OSM region.
type RegionInfo struct {
	Name   string     `json:"name"`
	Source string     `json:"source"`
	BBox   [4]float64 `json:"bbox"`
	Nodes  int        `json:"nodes"`
	Edges  int        `json:"edges"`
	Places int        `json:"places"`
}

var _ Maps = (*Engine)(nil)

// Open loads the derived data: cities, the elevation grid and every
// region, in parallel.
func Open(ctx context.Context, o Options) (*Engine, error) {
	if o.Base == nil && o.Dir == "" {
		return nil, errors.New("geo.Open: no data: set Options.Base (e.g. assets.FS) or Options.Dir")
	}
	var dirFS fs.FS
	if o.Dir != "" {
		if st, err := os.Stat(o.Dir); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("geo data dir %s: not a directory", o.Dir)
		}
		dirFS = os.DirFS(o.Dir)
	}
	pick := func(name string) (fs.FS, string, error) {
		for _, f := range []fs.FS{dirFS, o.Base} {
			if f == nil {
				continue
			}
			if _, err := fs.Stat(f, name); err == nil {
				return f, name, nil
			}
		}
		return nil, "", fmt.Errorf("geo data: %s not found (run cairn data build)", name)
	}
	regionFiles := map[string]fs.FS{}
	for _, f := range []fs.FS{o.Base, dirFS} { // later overrides earlier
		if f == nil {
			continue
		}
		ents, err := fs.ReadDir(f, RegionsDir)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("geo data: list regions: %w", err)
		}
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".gz") {
				regionFiles[e.Name()] = f
			}
		}
	}
	names := make([]string, 0, len(regionFiles))
	for n := range regionFiles {
		names = append(names, n)
	}
	sort.Strings(names)

	e := &Engine{regions: make([]*region, len(names))}
	if o.SRTMDir != "" {
		e.srtm = &srtm{dir: o.SRTMDir}
		e.info.SRTMDir = o.SRTMDir
	}
	var wg sync.WaitGroup
	errs := make([]error, len(names)+2)
	wg.Go(func() {
		f, n, err := pick(CitiesFile)
		if err != nil {
			errs[0] = err
			return
		}
		var c pack.Cities
		if err := readPack(f, n, pack.KindCities, &c); err != nil {
			errs[0] = err
			return
		}
		e.cities, errs[0] = newCities(&c)
	})
	wg.Go(func() {
		f, n, err := pick(ElevFile)
		if err != nil {
			errs[1] = err
			return
		}
		var g pack.Grid
		if err := readPack(f, n, pack.KindGrid, &g); err != nil {
			errs[1] = err
			return
		}
		e.dem, errs[1] = newGrid(&g)
	})
	for i, n := range names {
		wg.Go(func() {
			var r pack.Region
			p := path.Join(RegionsDir, n)
			if err := readPack(regionFiles[n], p, pack.KindRegion, &r); err != nil {
				errs[i+2] = err
				return
			}
			e.regions[i], errs[i+2] = newRegion(&r)
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	e.corr = sync.OnceValue(func() *correction { return newCorrection(referencePoints(e.cities, e.regions), e.dem.g.Source) })
	e.info.Cities = e.cities.src.N
	e.info.CitiesSource = e.cities.src.Source
	e.info.CityNameCount = e.cities.numKeys()
	e.info.ElevSource = e.dem.g.Source
	for _, r := range e.regions {
		e.info.Regions = append(e.info.Regions, RegionInfo{Name: r.src.Name, Source: r.src.Source, BBox: r.src.BBox,
			Nodes: r.src.Nodes, Edges: r.src.Edges, Places: len(r.src.Places)})
	}
	return e, nil
}

func readPack(f fs.FS, name, kind string, v any) error {
	r, err := f.Open(name)
	if err != nil {
		return fmt.Errorf("geo data %s: %w", name, err)
	}
	defer r.Close()
	if err := pack.Read(r, kind, v); err != nil {
		return fmt.Errorf("geo data %s: %w", name, err)
	}
	return nil
}

// Info describes the loaded data.
func (e *Engine) Info() Info { return e.info }

// Manifest reads manifest.json from a data FS, for `cairn data info`.
func Manifest(f fs.FS) (json.RawMessage, error) {
	b, err := fs.ReadFile(f, ManifestFile)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// DefaultDir is where `cairn data import-osm` writes by default:
// $XDG_DATA_HOME/cairn/geo or ~/.local/share/cairn/geo.
func DefaultDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "cairn", "geo"), nil
	}
	h, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no data dir: %w", err)
	}
	return filepath.Join(h, ".local", "share", "cairn", "geo"), nil
}
