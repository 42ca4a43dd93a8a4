package maze

import (
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
)

// ParquetFile is the episodes' Parquet copy in a run's output directory.
const ParquetFile = "episodes.parquet"

// WriteParquet writes episode records as one Parquet file, with the same
// columns as episodes.jsonl, for DuckDB, pandas or Arrow.
func WriteParquet(w io.Writer, recs []EpisodeRecord) error {
	pw := parquet.NewGenericWriter[EpisodeRecord](w, parquet.Compression(&parquet.Zstd))
	if _, err := pw.Write(recs); err != nil {
		return fmt.Errorf("maze parquet: %w", err)
	}
	if err := pw.Close(); err != nil {
		return fmt.Errorf("maze parquet: %w", err)
	}
	return nil
}
