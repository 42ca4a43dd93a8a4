package maze

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Result file names inside a run's output directory.
const (
	EpisodesFile = "episodes.jsonl"
	StepsFile    = "steps.jsonl"
)

// LineError is a bad line of a results file; reading skips it and goes on.
type LineError struct {
	File string
	Line int // 1-based
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s line %d: %v", e.File, e.Line, e.Err) }

// Unwrap returns the decoding error.
func (e *LineError) Unwrap() error { return e.Err }

// maxLine bounds one JSONL line; a longer one is reported bad.
const maxLine = 1 << 20

// maxBadLines bounds the bad lines a read keeps; the rest are counted.
const maxBadLines = 1000

// MaxResultsFile bounds what a report reads of a results file: an
// episodes file larger than this is an error, a steps file is read up to
// it (the episodes drawn from later steps are then not drawn).
const MaxResultsFile ByteSize = 4 << 30

// ErrFileTooLarge is wrapped by the error of a read that passed its limit.
var ErrFileTooLarge = errors.New("file too large")

// cappedReader reads at most limit bytes, then fails with ErrFileTooLarge
// if there is more.
type cappedReader struct {
	r     io.Reader
	left  int64
	limit ByteSize
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		var probe [1]byte
		if n, _ := io.ReadFull(c.r, probe[:]); n > 0 {
			return 0, fmt.Errorf("%w: more than %s, the most a report reads", ErrFileTooLarge, c.limit)
		}
		return 0, io.EOF
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

// scanLines calls fn for each non-blank line; fn's errors become
// LineErrors. It returns them (the first maxBadLines, then one saying how
// many more), and an error only when reading fails.
func scanLines(r io.Reader, name string, fn func([]byte) error) ([]error, error) {
	br := bufio.NewReaderSize(r, maxLine)
	var bad []error
	more := 0
	all := func() []error {
		if more > 0 {
			return append(bad, fmt.Errorf("%s: %d more bad lines", name, more))
		}
		return bad
	}
	addBad := func(e error) {
		if len(bad) < maxBadLines {
			bad = append(bad, e)
		} else {
			more++
		}
	}
	for n := 1; ; n++ {
		line, err := br.ReadSlice('\n')
		long := false
		for errors.Is(err, bufio.ErrBufferFull) { // skip the rest of an overlong line
			long = true
			_, err = br.ReadSlice('\n')
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return all(), fmt.Errorf("%s: %w", name, err)
		}
		trimmed := bytes.TrimSpace(line)
		switch {
		case long:
			addBad(&LineError{name, n, fmt.Errorf("line longer than %d bytes", br.Size())})
		case len(trimmed) > 0:
			if ferr := fn(trimmed); ferr != nil {
				addBad(&LineError{name, n, ferr})
			}
		}
		if err != nil { // io.EOF
			return all(), nil
		}
	}
}

// ReadEpisodes reads episode records. A line that is not a valid record
// (truncated, corrupt, missing fields) is skipped and returned as a
// *LineError in bad; err is only for a failed read.
func ReadEpisodes(r io.Reader, name string) (recs []EpisodeRecord, bad []error, err error) {
	bad, err = scanLines(r, name, func(line []byte) error {
		var rec EpisodeRecord
		if err := json.Unmarshal(line, &rec); err != nil {
			return err
		}
		if err := rec.check(); err != nil {
			return err
		}
		recs = append(recs, rec)
		return nil
	})
	return recs, bad, err
}

func (r *EpisodeRecord) check() error {
	switch {
	case r.Strategy == "":
		return errors.New("no strategy")
	case r.Noise == "":
		return errors.New("no noise")
	case r.Size <= 0:
		return fmt.Errorf("size %d", r.Size)
	case r.Steps < 0 || r.Optimal < 0 || r.Steps > r.StepLimit:
		return fmt.Errorf("steps %d, optimal %d, step limit %d do not fit", r.Steps, r.Optimal, r.StepLimit)
	case r.NoiseLevel < 0 || r.NoiseLevel > MaxNoiseLevel:
		return fmt.Errorf("noise level %v", r.NoiseLevel)
	}
	return nil
}

// ReadSteps reads the step records of the episodes keep accepts, grouped by
// episode. Bad lines are skipped and returned as *LineError.
func ReadSteps(r io.Reader, name string, keep func(episode int) bool) (map[int][]StepRecord, []error, error) {
	out := map[int][]StepRecord{}
	bad, err := scanLines(r, name, func(line []byte) error {
		var s StepRecord
		if err := json.Unmarshal(line, &s); err != nil {
			return err
		}
		if keep(s.Episode) {
			out[s.Episode] = append(out[s.Episode], s)
		}
		return nil
	})
	return out, bad, err
}

// Results is what a run left on disk, as read back for a report.
type Results struct {
	Source   string // the episodes file
	Episodes []EpisodeRecord
	Steps    map[int][]StepRecord // only the episodes a report draws
	Problems []error              // bad lines, a missing steps file
}

// LoadResults reads a run's results from path: its output directory or its
// episodes file (the steps file is looked for beside it). Bad lines are in
// Problems; only an unreadable episodes file, or one larger than
// MaxResultsFile, is an error. A steps file is read up to MaxResultsFile.
func LoadResults(path string) (*Results, error) {
	return loadResults(path, MaxResultsFile)
}

func loadResults(path string, limit ByteSize) (*Results, error) {
	eps := path
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		eps = filepath.Join(path, EpisodesFile)
	}
	f, err := os.Open(eps)
	if err != nil {
		return nil, fmt.Errorf("maze results: %w", err)
	}
	defer f.Close()
	res := &Results{Source: eps}
	res.Episodes, res.Problems, err = ReadEpisodes(&cappedReader{f, int64(limit), limit}, eps)
	if err != nil {
		return nil, fmt.Errorf("maze results: %w", err)
	}
	want := pictured(res.Episodes)
	stepsPath := filepath.Join(filepath.Dir(eps), StepsFile)
	sf, err := os.Open(stepsPath)
	if err != nil {
		res.Problems = append(res.Problems, fmt.Errorf("no trajectories, so no maze pictures: %w", err))
		return res, nil
	}
	defer sf.Close()
	steps, bad, err := ReadSteps(&cappedReader{sf, int64(limit), limit}, StepsFile, func(ep int) bool { _, ok := want[ep]; return ok })
	res.Problems = append(res.Problems, bad...)
	if err != nil {
		res.Problems = append(res.Problems, fmt.Errorf("%w; episodes whose steps come later are not drawn", err))
	}
	res.Steps = steps
	return res, nil
}
