package main

import (
	"fmt"
	"net"
	"os"

	"github.com/spf13/cobra"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/google"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/mcp"
)

// newMCPMapsCmd is `cairn mcp maps`: the seven Google-Maps-contract tools
// over MCP, offline by default, Google's web services with --google.
func newMCPMapsCmd(c *cli) *cobra.Command {
	var g geoFlags
	var addr string
	var useGoogle bool
	cmd := &cobra.Command{
		Use:   "maps",
		Short: "Serve the maps tools (Google Maps MCP contract) over stdio or streamable HTTP",
		Long: `Serve maps_geocode, maps_reverse_geocode, maps_search_places,
maps_place_details, maps_distance_matrix, maps_elevation and maps_directions
with the names, input schemas and results of the Google Maps MCP server.

The offline engine (GeoNames cities, ETOPO5 and SRTM elevation, OSM roads and
places) answers by default. With --google, Google's web services answer
instead (GOOGLE_MAPS_API_KEY must be set).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			var backend geo.Maps
			key := os.Getenv("GOOGLE_MAPS_API_KEY")
			if useGoogle {
				if key == "" {
					return fmt.Errorf("--google needs GOOGLE_MAPS_API_KEY")
				}
				backend = &google.Client{Key: key}
			} else {
				eng, err := g.open(cmd)
				if err != nil {
					return err
				}
				backend = eng
			}
			reg, err := mapstool.Registry(backend)
			if err != nil {
				return err
			}
			srv, err := mcp.NewServer(reg, &mcp.ServerOptions{Name: "cairn-maps", Version: version, Logger: c.log})
			if err != nil {
				return err
			}
			if addr == "" {
				return srv.ServeStdio(ctx)
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("--http %s: %w", addr, err)
			}
			fmt.Fprintf(c.stderr, "cairn mcp maps: streamable HTTP on http://%s/\n", ln.Addr())
			return srv.ServeListener(ctx, ln)
		},
	}
	g.register(cmd)
	cmd.Flags().StringVar(&addr, "http", "", "serve streamable HTTP on this address (e.g. 127.0.0.1:8765) instead of stdio")
	cmd.Flags().BoolVar(&useGoogle, "google", false, "answer with Google's web services (needs GOOGLE_MAPS_API_KEY)")
	return cmd
}
