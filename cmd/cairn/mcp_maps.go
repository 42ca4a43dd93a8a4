package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/google"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/mcp"
)

// newMCPMapsCmd is `cairn mcp maps`: the seven Google-Maps-contract tools
// over MCP from the backend --maps selects.
func newMCPMapsCmd(c *cli) *cobra.Command {
	var g geoFlags
	var backend string
	cmd := &cobra.Command{
		Use:   "maps",
		Short: "Serve the maps tools (Google Maps MCP contract) over stdio or streamable HTTP",
		Long: `Serve maps_geocode, maps_reverse_geocode, maps_search_places,
maps_place_details, maps_distance_matrix, maps_elevation and maps_directions
with the names, input schemas and results of the Google Maps MCP server.

--maps selects who answers:
  offline      the embedded engine: GeoNames cities, ETOPO5 and SRTM elevation,
               OSM roads and places (default)
  google       Google's web services (GOOGLE_MAPS_API_KEY must be set)
  mcp:TARGET   another MCP server with these tools, e.g. the upstream one:
               mcp:"npx -y @modelcontextprotocol/server-google-maps"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			maps, closeMaps, err := openMaps(cmd, backend, &g)
			if err != nil {
				return err
			}
			defer closeMaps()
			reg, err := mapstool.Registry(maps)
			if err != nil {
				return err
			}
			return serveRegistry(cmd, c, reg, "cairn-maps")
		},
	}
	g.register(cmd)
	cmd.Flags().StringVar(&backend, "maps", "offline", `maps backend: "offline", "google" or "mcp:TARGET" (command line or URL of an MCP server)`)
	addServeFlags(cmd)
	return cmd
}

// openMaps returns the maps backend named by spec (see --maps) and a
// function that releases it.
func openMaps(cmd *cobra.Command, spec string, g *geoFlags) (geo.Maps, func(), error) {
	nop := func() {}
	switch {
	case spec == "" || spec == "offline":
		eng, err := g.open(cmd)
		return eng, nop, err
	case spec == "google":
		key := os.Getenv("GOOGLE_MAPS_API_KEY")
		if key == "" {
			return nil, nop, fmt.Errorf("--maps google needs GOOGLE_MAPS_API_KEY")
		}
		return &google.Client{Key: key}, nop, nil
	case strings.HasPrefix(spec, "mcp:"):
		c, err := mcp.Connect(cmd.Context(), strings.TrimPrefix(spec, "mcp:"), &mcp.Options{Stderr: os.Stderr})
		if err != nil {
			return nil, nop, fmt.Errorf("--maps %s: %w", spec, err)
		}
		return &mapstool.Client{Caller: c}, func() { c.Close() }, nil
	}
	return nil, nop, fmt.Errorf(`--maps %q: want "offline", "google" or "mcp:TARGET"`, spec)
}
