package gdac

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cairn-agents/cairn/netcdf"
)

// Options configure Fetch. Dir is required; the rest have defaults.
type Options struct {
	// URL is the GDAC root (the directory holding dac/ and the index
	// files); default DefaultURL.
	URL string
	// Dir receives the files, laid out as on the GDAC.
	Dir string
	// Client makes the requests; default a client whose transport waits
	// at most 30 s for response headers (bodies may take longer).
	Client *http.Client
	// Workers is how many files download at once; default 8.
	Workers int
	// Attempts is how many times a file is tried (a dropped connection
	// resumes where it stopped); default 5.
	Attempts int
	// Progress, when set, receives a progress bar (carriage-return lines).
	Progress io.Writer
	Logger   *slog.Logger
}

// Status is what happened to one file.
type Status string

// Fetch outcomes.
const (
	Fetched   Status = "fetched"   // downloaded and checked
	Unchanged Status = "unchanged" // the local copy is as recent as the index says
	Missing   Status = "missing"   // the index lists it, the GDAC does not have it (404)
	Failed    Status = "failed"    // could not be downloaded intact in Attempts tries
)

// FileResult reports one file.
type FileResult struct {
	File     string `json:"file"` // path under the GDAC root
	Path     string `json:"path"` // local path
	Status   Status `json:"status"`
	Bytes    int64  `json:"bytes,omitempty"`
	Attempts int    `json:"attempts,omitempty"`
	// Resumed says a download continued a partial file (.part) with a
	// Range request instead of starting over.
	Resumed bool   `json:"resumed,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

// Report is the outcome of a Fetch.
type Report struct {
	Files []FileResult `json:"files"`
	// Selection is the local profile index holding only the selected
	// rows (to ingest instead of the whole GDAC index).
	Selection string        `json:"selection"`
	Floats    []string      `json:"floats"`
	Bytes     int64         `json:"bytes"`
	Elapsed   time.Duration `json:"elapsed_ns"`
}

// Count returns how many files ended with status st.
func (r Report) Count(st Status) int {
	n := 0
	for _, f := range r.Files {
		if f.Status == st {
			n++
		}
	}
	return n
}

// Paths are the local files to ingest: the meta index, the selected
// profile index rows, then every data file fetched or already here.
func (r Report) Paths() []string {
	var out []string
	for _, f := range r.Files {
		if f.File == MetaIndex && f.Status != Failed && f.Status != Missing {
			out = append(out, f.Path)
		}
	}
	if r.Selection != "" {
		out = append(out, r.Selection)
	}
	for _, f := range r.Files {
		if strings.HasPrefix(f.File, "dac/") && (f.Status == Fetched || f.Status == Unchanged) {
			out = append(out, f.Path)
		}
	}
	return out
}

// stateFile records what was fetched: per file the index's date_update
// and the size, so an unchanged file is not fetched again.
const stateFile = ".cairn-fetch.json"

type fileState struct {
	Updated time.Time `json:"updated"`
	Size    int64     `json:"size"`
}

// job is one file to download.
type job struct {
	file    string    // under the GDAC root
	updated time.Time // what the index says; zero: always refetch
}

// Fetch downloads the index files, then the meta, prof and profile files
// of what sel selects, into opts.Dir. A file already there with the
// index's date is not fetched again; a partial one resumes. Each file is
// checked (its length against the server's, NetCDF structure against its
// size) and refetched when short or damaged. Fetch fails when an index
// cannot be had; a data file that fails is reported in the Report.
func Fetch(ctx context.Context, sel Selection, opts Options) (Report, error) {
	start := time.Now()
	if sel.empty() {
		return Report{}, ErrNoSelection
	}
	f, err := newFetcher(opts)
	if err != nil {
		return Report{}, err
	}
	var rep Report
	// The indexes first: they say what to fetch.
	for _, ix := range []string{MetaIndex, ProfIndex} {
		res := f.get(ctx, job{file: ix})
		rep.Files = append(rep.Files, res)
		if res.Status != Fetched && res.Status != Unchanged {
			return rep, fmt.Errorf("gdac index %s from %s: %s: %s", ix, f.url, res.Status, res.Reason)
		}
	}
	// The synthetic index is optional: without it (a mirror of the core
	// data only) no BGC file is fetched.
	bgc := f.get(ctx, job{file: SyntheticIndex})
	rep.Files = append(rep.Files, bgc)
	withBGC := bgc.Status == Fetched || bgc.Status == Unchanged
	if !withBGC {
		f.log.Info("no synthetic profile index; BGC files are not fetched", "status", bgc.Status, "reason", bgc.Reason)
	}
	jobs, floats, selection, err := f.plan(sel, withBGC)
	if err != nil {
		return rep, err
	}
	rep.Floats, rep.Selection = floats, selection
	rep.Files = append(rep.Files, f.getAll(ctx, jobs)...)
	for _, r := range rep.Files {
		if r.Status == Fetched {
			rep.Bytes += r.Bytes
		}
	}
	if err := f.saveState(); err != nil {
		return rep, err
	}
	rep.Elapsed = time.Since(start)
	return rep, ctx.Err()
}

type fetcher struct {
	url   string
	opts  Options
	log   *slog.Logger
	mu    sync.Mutex
	state map[string]fileState
	// partLM is the Last-Modified of the answer each .part began with.
	partLM map[string]string

	total, done, bytes atomic.Int64
}

func newFetcher(opts Options) (*fetcher, error) {
	if opts.Dir == "" {
		return nil, errors.New("gdac: no download directory")
	}
	if opts.URL == "" {
		opts.URL = DefaultURL
	}
	if !strings.HasPrefix(opts.URL, "https://") && !strings.HasPrefix(opts.URL, "http://") {
		return nil, fmt.Errorf("gdac URL %q: want an http:// or https:// URL", opts.URL)
	}
	if opts.Client == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.ResponseHeaderTimeout = 30 * time.Second
		tr.MaxIdleConnsPerHost = 16
		opts.Client = &http.Client{Transport: tr}
	}
	if opts.Workers <= 0 {
		opts.Workers = 8
	}
	if opts.Attempts <= 0 {
		opts.Attempts = 5
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if err := os.MkdirAll(opts.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("gdac: %w", err)
	}
	f := &fetcher{url: strings.TrimRight(opts.URL, "/"), opts: opts, log: opts.Logger, state: map[string]fileState{}, partLM: map[string]string{}}
	if b, err := os.ReadFile(filepath.Join(opts.Dir, stateFile)); err == nil {
		if err := json.Unmarshal(b, &f.state); err != nil {
			f.log.Warn("fetch state unreadable; files will be checked again", "file", stateFile, "error", err)
			f.state = map[string]fileState{}
		}
	}
	return f, nil
}

func (f *fetcher) local(file string) string {
	return filepath.Join(f.opts.Dir, filepath.FromSlash(file))
}

// plan reads the indexes and lists the files of the selection: per float
// its meta file, its prof file, its synthetic BGC file when the synthetic
// index lists the float (withBGC), and the single-profile files selected.
// It writes the selected profile index rows to selection.
func (f *fetcher) plan(sel Selection, withBGC bool) (jobs []job, floats []string, selection string, err error) {
	pf, err := os.Open(f.local(ProfIndex))
	if err != nil {
		return nil, nil, "", fmt.Errorf("gdac: %w", err)
	}
	defer pf.Close()
	rows, err := readProfIndex(pf, sel)
	if err != nil {
		return nil, nil, "", fmt.Errorf("gdac: %w", err)
	}
	mf, err := os.Open(f.local(MetaIndex))
	if err != nil {
		return nil, nil, "", fmt.Errorf("gdac: %w", err)
	}
	defer mf.Close()
	metas, err := readMetaIndex(mf)
	if err != nil {
		return nil, nil, "", fmt.Errorf("gdac: %w", err)
	}
	latest := map[string]time.Time{} // float -> newest profile update
	dacOf := map[string]string{}
	for _, e := range rows {
		w := wmoOf(e.File)
		if e.Updated.After(latest[w]) || latest[w].IsZero() {
			latest[w] = e.Updated
		}
		dacOf[w], _, _ = strings.Cut(e.File, "/")
		jobs = append(jobs, job{file: "dac/" + e.File, updated: e.Updated})
	}
	// Floats asked by number but with no selected profile still get
	// their meta and prof files, when the meta index knows them.
	for _, w := range sel.Floats {
		if _, ok := dacOf[w]; !ok {
			if m, ok := metas[w]; ok {
				dacOf[w], _, _ = strings.Cut(m.File, "/")
			}
		}
	}
	for w := range dacOf {
		floats = append(floats, w)
	}
	slices.Sort(floats)
	if len(floats) == 0 {
		return nil, nil, "", fmt.Errorf("gdac: the index at %s has no profile that matches the selection", f.url)
	}
	for _, w := range floats {
		if m, ok := metas[w]; ok {
			jobs = append(jobs, job{file: "dac/" + m.File, updated: m.Updated})
		}
		jobs = append(jobs, job{file: "dac/" + dacOf[w] + "/" + w + "/" + w + "_prof.nc", updated: latest[w]})
	}
	if withBGC {
		bgc, err := f.bgcFloats(floats)
		if err != nil {
			return nil, nil, "", err
		}
		for _, w := range floats {
			if u, ok := bgc[w]; ok {
				jobs = append(jobs, job{file: "dac/" + dacOf[w] + "/" + w + "/" + w + "_Sprof.nc", updated: u})
			}
		}
	}
	selection, err = f.writeSelection(rows)
	return jobs, floats, selection, err
}

// bgcFloats are those of floats the synthetic index lists, with the
// newest update of their rows.
func (f *fetcher) bgcFloats(floats []string) (map[string]time.Time, error) {
	sf, err := os.Open(f.local(SyntheticIndex))
	if err != nil {
		return nil, fmt.Errorf("gdac: %w", err)
	}
	defer sf.Close()
	want := make(map[string]bool, len(floats))
	for _, w := range floats {
		want[w] = true
	}
	bgc, err := readSyntheticIndex(sf, want)
	if err != nil {
		return nil, fmt.Errorf("gdac: %w", err)
	}
	return bgc, nil
}

// writeSelection writes the profile index's comment and header lines and
// the selected rows, in index order, to .selection/ar_index_global_prof.txt.
// It streams: a GDAC's index has millions of rows.
func (f *fetcher) writeSelection(rows []entry) (string, error) {
	keep := make(map[string]bool, len(rows))
	for _, e := range rows {
		keep[e.File] = true
	}
	src, err := os.Open(f.local(ProfIndex))
	if err != nil {
		return "", fmt.Errorf("gdac: %w", err)
	}
	defer src.Close()
	path := filepath.Join(f.opts.Dir, ".selection", ProfIndex)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", fmt.Errorf("gdac: %w", err)
	}
	out, err := os.Create(path)
	if err != nil {
		return "", fmt.Errorf("gdac: %w", err)
	}
	w := bufio.NewWriter(out)
	sc := bufio.NewScanner(src)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	header := false
	for sc.Scan() {
		line := sc.Bytes()
		file, _, _ := bytes.Cut(line, []byte(","))
		if bytes.HasPrefix(line, []byte("#")) || !header || keep[string(file)] {
			header = header || !bytes.HasPrefix(line, []byte("#"))
			w.Write(line)
			w.WriteByte('\n')
		}
	}
	err = errors.Join(sc.Err(), w.Flush(), out.Close())
	if err != nil {
		return "", fmt.Errorf("gdac: writing the selection: %w", err)
	}
	return path, nil
}

// getAll downloads jobs with opts.Workers at once, showing progress.
func (f *fetcher) getAll(ctx context.Context, jobs []job) []FileResult {
	f.total.Store(int64(len(jobs)))
	stop := f.showProgress()
	defer stop()
	out := make([]FileResult, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(f.opts.Workers, len(jobs)) {
		wg.Go(func() {
			for i := range next {
				out[i] = f.get(ctx, jobs[i])
				f.done.Add(1)
			}
		})
	}
	for i := range jobs {
		select {
		case next <- i:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	close(next)
	wg.Wait()
	for i, j := range jobs {
		if out[i].File == "" { // never started: cancelled
			out[i] = FileResult{File: j.file, Path: f.local(j.file), Status: Failed, Reason: ctx.Err().Error()}
		}
	}
	return out
}

// errMissing is a 404: the GDAC does not have the file.
var errMissing = errors.New("not on the GDAC (HTTP 404)")

// errNotModified is a 304 to If-Modified-Since.
var errNotModified = errors.New("not modified")

// get fetches one file unless its local copy is current.
func (f *fetcher) get(ctx context.Context, j job) FileResult {
	res := FileResult{File: j.file, Path: f.local(j.file)}
	if st, err := os.Stat(res.Path); err == nil && !j.updated.IsZero() {
		f.mu.Lock()
		rec, ok := f.state[j.file]
		f.mu.Unlock()
		if ok && rec.Size == st.Size() && !j.updated.After(rec.Updated) {
			res.Status = Unchanged
			return res
		}
	}
	if err := os.MkdirAll(filepath.Dir(res.Path), 0o755); err != nil {
		res.Status, res.Reason = Failed, err.Error()
		return res
	}
	part := res.Path + ".part"
	// An index has no date in another index: ask for it only if changed.
	var since time.Time
	if st, err := os.Stat(res.Path); err == nil && j.updated.IsZero() {
		since = st.ModTime()
	}
	var last error
	for res.Attempts < f.opts.Attempts {
		res.Attempts++
		n, resumed, err := f.try(ctx, j.file, part, since)
		res.Resumed = res.Resumed || resumed
		if errors.Is(err, errNotModified) {
			res.Status = Unchanged
			return res
		}
		if err == nil {
			if err = verify(j.file, part, n); err != nil {
				os.Remove(part) // damaged as a whole: start over
				err = fmt.Errorf("damaged download: %w", err)
			}
		}
		if err == nil {
			if err := os.Rename(part, res.Path); err != nil {
				res.Status, res.Reason = Failed, err.Error()
				return res
			}
			res.Status, res.Bytes = Fetched, n
			f.mu.Lock()
			f.state[j.file] = fileState{Updated: j.updated, Size: n}
			f.mu.Unlock()
			return res
		}
		last = err
		if errors.Is(err, errMissing) {
			res.Status, res.Reason = Missing, err.Error()
			return res
		}
		if ctx.Err() != nil {
			break
		}
		f.log.Info("fetch retry", "file", j.file, "attempt", res.Attempts, "error", err)
		select {
		case <-time.After(min(time.Duration(1<<res.Attempts)*25*time.Millisecond, 2*time.Second)):
		case <-ctx.Done():
		}
	}
	res.Status = Failed
	res.Reason = fmt.Sprintf("%d attempt(s): %v", res.Attempts, last)
	return res
}

// try downloads file into part, continuing a partial part with a Range
// request. It returns the complete size, or an error leaving what arrived
// in part for the next try.
// With since set (and nothing partial), the server may answer that the
// file has not changed since then.
func (f *fetcher) try(ctx context.Context, file, part string, since time.Time) (size int64, resumed bool, err error) {
	var have int64
	if st, err := os.Stat(part); err == nil {
		have = st.Size()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, f.url+"/"+file, nil)
	if err != nil {
		return 0, false, err
	}
	if have > 0 {
		req.Header.Set("Range", "bytes="+strconv.FormatInt(have, 10)+"-")
		// the rest only if the file is still the one the part began with
		// (when this run saw its Last-Modified); a changed file comes whole
		f.mu.Lock()
		lm := f.partLM[part]
		f.mu.Unlock()
		if lm != "" {
			req.Header.Set("If-Range", lm)
		}
	} else if !since.IsZero() {
		req.Header.Set("If-Modified-Since", since.UTC().Format(http.TimeFormat))
	}
	resp, err := f.opts.Client.Do(req)
	if err != nil {
		return 0, false, err
	}
	defer resp.Body.Close()
	flags := os.O_CREATE | os.O_WRONLY
	var total int64 = -1
	switch resp.StatusCode {
	case http.StatusOK: // whole file (also a server ignoring Range)
		flags |= os.O_TRUNC
		have = 0
		total = resp.ContentLength
	case http.StatusPartialContent:
		start, end, size, ok := contentRange(resp.Header.Get("Content-Range"))
		if !ok || start != have {
			os.Remove(part)
			return 0, false, fmt.Errorf("server answered the range from %d with %q", have, resp.Header.Get("Content-Range"))
		}
		flags |= os.O_APPEND
		resumed = true
		total = size
		if size < 0 {
			total = end + 1
		}
	case http.StatusRequestedRangeNotSatisfiable: // part is not a prefix of the file
		os.Remove(part)
		return 0, false, errors.New("partial file does not fit the server's file; starting over")
	case http.StatusNotFound:
		return 0, false, errMissing
	case http.StatusNotModified:
		return 0, false, errNotModified
	default:
		return 0, false, fmt.Errorf("HTTP %s", resp.Status)
	}
	out, err := os.OpenFile(part, flags, 0o644)
	if err != nil {
		return 0, false, err
	}
	n, err := io.Copy(out, &counter{r: resp.Body, n: &f.bytes})
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	got := have + n
	lm, lmErr := http.ParseTime(resp.Header.Get("Last-Modified"))
	if err != nil {
		if lmErr == nil && resp.StatusCode == http.StatusOK {
			f.mu.Lock()
			f.partLM[part] = resp.Header.Get("Last-Modified")
			f.mu.Unlock()
		}
		return 0, resumed, fmt.Errorf("connection lost after %d bytes: %w", got, err)
	}
	if total >= 0 && got != total {
		return 0, resumed, fmt.Errorf("got %d bytes, the server announced %d", got, total)
	}
	if lmErr == nil {
		os.Chtimes(part, lm, lm) // so If-Modified-Since asks about the server's time
	}
	return got, resumed, nil
}

// contentRange parses "bytes START-END/SIZE" (SIZE may be *).
func contentRange(s string) (start, end, size int64, ok bool) {
	rest, found := strings.CutPrefix(s, "bytes ")
	if !found {
		return 0, 0, 0, false
	}
	rng, sz, found := strings.Cut(rest, "/")
	a, b, found2 := strings.Cut(rng, "-")
	if !found || !found2 {
		return 0, 0, 0, false
	}
	var err1, err2, err3 error
	start, err1 = strconv.ParseInt(a, 10, 64)
	end, err2 = strconv.ParseInt(b, 10, 64)
	size = -1
	if sz != "*" {
		size, err3 = strconv.ParseInt(sz, 10, 64)
	}
	return start, end, size, errors.Join(err1, err2, err3) == nil && start <= end
}

// verify checks a downloaded file is whole: a NetCDF classic file's
// header and data must fit its size (a truncated file fails); a
// NetCDF-4/HDF5 file must start with the HDF5 signature; an index must be
// text with its header.
func verify(file, path string, size int64) error {
	fh, err := os.Open(path)
	if err != nil {
		return err
	}
	defer fh.Close()
	switch {
	case strings.HasSuffix(file, ".nc"):
		_, err := netcdf.NewFile(fh, size)
		if errors.Is(err, netcdf.ErrHDF5) {
			return nil // the signature is there; its internals need libnetcdf
		}
		if err != nil {
			return fmt.Errorf("%s is not a whole NetCDF file: %w", file, err)
		}
	case strings.HasSuffix(file, ".txt"):
		head := make([]byte, 1)
		if n, _ := fh.Read(head); n == 0 || head[0] != '#' {
			return fmt.Errorf("%s does not start like a GDAC index (# comment lines)", file)
		}
	}
	return nil
}

// counter adds what it reads to n, for the progress bar.
type counter struct {
	r io.Reader
	n *atomic.Int64
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

func (f *fetcher) saveState() error {
	f.mu.Lock()
	b, err := json.MarshalIndent(f.state, "", " ")
	f.mu.Unlock()
	if err != nil {
		return err
	}
	tmp := filepath.Join(f.opts.Dir, stateFile+".tmp")
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return fmt.Errorf("gdac: %w", err)
	}
	if err := os.Rename(tmp, filepath.Join(f.opts.Dir, stateFile)); err != nil {
		return fmt.Errorf("gdac: %w", err)
	}
	return nil
}

// showProgress draws a bar on opts.Progress every 200 ms until stopped.
func (f *fetcher) showProgress() (stop func()) {
	if f.opts.Progress == nil {
		return func() {}
	}
	start := time.Now()
	draw := func() {
		done, total, b := f.done.Load(), max(f.total.Load(), 1), f.bytes.Load()
		const width = 30
		fill := int(done * width / total)
		rate := float64(b) / max(time.Since(start).Seconds(), 1e-3) / 1e6
		fmt.Fprintf(f.opts.Progress, "\rfetch [%s%s] %d/%d files  %.1f MB  %.1f MB/s ",
			strings.Repeat("=", fill), strings.Repeat(" ", width-fill), done, total, float64(b)/1e6, rate)
	}
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				draw()
			case <-quit:
				return
			}
		}
	})
	return func() {
		close(quit)
		wg.Wait()
		draw()
		fmt.Fprintln(f.opts.Progress)
	}
}
