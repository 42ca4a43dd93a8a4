package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cairn-agents/cairn/apps/ocean"
	"github.com/cairn-agents/cairn/ocean/gdac"
	"github.com/cairn-agents/cairn/ocean/store"
)

func newOceanFetchCmd(c *cli, dir *string) *cobra.Command {
	var (
		url, region, since, into string
		floats                   []string
		all, asJSON, noIngest    bool
		workers                  int
	)
	cmd := &cobra.Command{
		Use:   "fetch",
		Short: "Download Argo files from a GDAC (floats, a region, a time) and ingest them",
		Long: `fetch downloads from an Argo GDAC over HTTPS — by default the public one,
` + gdac.DefaultURL + `; --gdac URL for a mirror — first the index files
(ar_index_global_meta.txt, ar_index_global_prof.txt), then for the profiles
the selection keeps the floats' <WMO>_meta.nc and <WMO>_prof.nc and the
single-profile files, and the <WMO>_Sprof.nc (synthetic BGC profiles) of
each float the GDAC's argo_synthetic-profile_index.txt lists (a mirror
without that index gets the core files only). --float, --region and --since narrow the selection
(every one given must hold); --all takes the whole index (the whole GDAC).

Files go to --into (default <ocean-dir>/gdac), laid out as on the GDAC,
--workers at a time, with a progress bar on stderr. A download cut off
resumes from its .part file with a Range request; each file is checked (its
length against the server's, a NetCDF file's structure against its size)
and fetched again when short or damaged; a file already there with the
date the index gives is not fetched again. Files the index lists but the
GDAC lacks are reported missing. The files are then ingested as by
cairn ocean ingest and published, so a running cairn serve sees them.`,
		Example: `  cairn ocean fetch --float 2902269 --float 2901623
  cairn ocean fetch --region "Arabian Sea" --since 2023-01-01
  cairn ocean fetch --region 5,25,50,78 --gdac http://127.0.0.1:8000`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sel := gdac.Selection{All: all}
			for _, f := range floats {
				for w := range strings.SplitSeq(f, ",") {
					w = strings.TrimSpace(w)
					if len(w) < 5 || len(w) > 8 || strings.Trim(w, "0123456789") != "" {
						return fmt.Errorf("--float %q: want a WMO number of 5 to 8 digits", w)
					}
					sel.Floats = append(sel.Floats, w)
				}
			}
			if region != "" {
				if in, ok := ocean.RegionContains(region); ok {
					sel.Region = in
				} else if box, err := gdac.ParseBox(region); err == nil {
					sel.Region = box.Contains
				} else if strings.Contains(region, ",") {
					return fmt.Errorf("--region: %w", err)
				} else {
					return fmt.Errorf("--region %q: not a sea this knows (%s) nor a box SOUTH,NORTH,WEST,EAST", region, strings.Join(ocean.RegionNames(), ", "))
				}
			}
			if since != "" {
				t, err := time.Parse(time.DateOnly, since)
				if err != nil {
					return fmt.Errorf("--since %q: want a date YYYY-MM-DD", since)
				}
				sel.Since = t
			}
			if len(sel.Floats) == 0 && sel.Region == nil && sel.Since.IsZero() && !all {
				return fmt.Errorf("ocean fetch: nothing selected: give --float, --region or --since (or --all for the whole GDAC)")
			}
			if into == "" {
				into = filepath.Join(*dir, "gdac")
			}
			rep, err := gdac.Fetch(cmd.Context(), sel, gdac.Options{URL: url, Dir: into, Workers: workers, Progress: c.stderr, Logger: c.logger()})
			if err != nil {
				return fmt.Errorf("ocean fetch: %w", err)
			}
			if asJSON {
				if err := json.NewEncoder(c.stdout).Encode(rep); err != nil {
					return err
				}
			} else {
				for _, f := range rep.Files {
					if f.Status == gdac.Failed {
						fmt.Fprintf(c.stdout, "failed      %s: %s\n", f.File, f.Reason)
					}
				}
				fmt.Fprintf(c.stdout, "fetched %d (%.1f MB), unchanged %d, missing on the GDAC %d, failed %d files of %d floats in %s into %s\n",
					rep.Count(gdac.Fetched), float64(rep.Bytes)/1e6, rep.Count(gdac.Unchanged), rep.Count(gdac.Missing), rep.Count(gdac.Failed),
					len(rep.Floats), rep.Elapsed.Round(time.Millisecond), into)
			}
			var ingestErr error
			if !noIngest {
				ingestErr = ingestAndPublish(cmd.Context(), c, *dir, rep.Paths(), asJSON, store.DefaultMaxFileBytes)
			}
			if n := rep.Count(gdac.Failed); n > 0 {
				return fmt.Errorf("ocean fetch: %d file(s) could not be downloaded intact (listed above); run it again to retry them", n)
			}
			return ingestErr
		},
	}
	f := cmd.Flags()
	f.StringVar(&url, "gdac", gdac.DefaultURL, "GDAC root URL (a mirror's directory holding dac/ and the index files)")
	f.StringSliceVar(&floats, "float", nil, "WMO number(s) of floats to fetch (repeat or comma-separate)")
	f.StringVar(&region, "region", "", `a named sea ("Arabian Sea", "Bay of Bengal", …) or a box SOUTH,NORTH,WEST,EAST in degrees`)
	f.StringVar(&since, "since", "", "only profiles on or after this date (YYYY-MM-DD)")
	f.BoolVar(&all, "all", false, "every float the index lists (the whole GDAC: for a mirror)")
	f.StringVar(&into, "into", "", "directory for the downloaded files (default <ocean-dir>/gdac)")
	f.IntVar(&workers, "workers", 8, "files downloaded at once")
	f.BoolVar(&noIngest, "no-ingest", false, "download only")
	f.BoolVar(&asJSON, "json", false, "print the fetch and ingest reports as JSON")
	return cmd
}
