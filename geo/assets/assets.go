// Package assets embeds the default derived maps data: GeoNames cities,
// ETOPO5 elevation and the Delaware and Andorra OSM regions, written by
// `cairn data build --out geo/assets`. See ATTRIBUTION.md for sources and
// licences and manifest.json for versions and checksums.
package assets

import "embed"

// FS holds cities.gz, etopo5.gz, regions/*.gz and manifest.json.
//
//go:embed manifest.json cities.gz etopo5.gz regions/*.gz
var FS embed.FS
