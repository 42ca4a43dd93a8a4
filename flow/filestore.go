package flow

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// FileStore is a Store keeping one JSON file per run, <dir>/<runID>.json,
// holding the run's latest checkpoint. Each save writes a temporary file,
// syncs it and renames it over the old one, so a crash leaves either the
// previous checkpoint or the new one. A file that cannot be read is never
// overwritten: Save and Load report it by name.
type FileStore struct {
	// NoSync skips the fsyncs: a checkpoint then survives the death of the
	// process but not of the machine. Set it before the first Save.
	NoSync bool

	dir string

	mu   sync.Mutex
	good map[string]bool // runs whose file this store wrote or read intact
}

// NewFileStore returns a FileStore in dir, creating dir if needed.
func NewFileStore(dir string) (*FileStore, error) {
	if dir == "" {
		return nil, errors.New("flow: NewFileStore: empty directory")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("flow: checkpoint directory: %w", err)
	}
	return &FileStore{dir: dir, good: map[string]bool{}}, nil
}

// Path returns the file holding runID's checkpoint.
func (f *FileStore) Path(runID string) string {
	return filepath.Join(f.dir, runID+".json")
}

// validRunID accepts IDs that are safe as a file name.
func validRunID(id string) error {
	if id == "" || len(id) > 128 || id[0] == '.' || id[0] == '-' {
		return fmt.Errorf("flow: run ID %q: must be 1-128 characters of [A-Za-z0-9._-], not starting with '.' or '-'", id)
	}
	for _, r := range id {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-'
		if !ok {
			return fmt.Errorf("flow: run ID %q: character %q not allowed (use [A-Za-z0-9._-])", id, r)
		}
	}
	return nil
}

// Save writes c atomically to its run's file. It refuses to replace a file
// it cannot read, so a damaged checkpoint stays for inspection.
func (f *FileStore) Save(_ context.Context, c Checkpoint) error {
	if err := validRunID(c.RunID); err != nil {
		return err
	}
	path := f.Path(c.RunID)
	f.mu.Lock()
	good := f.good[c.RunID]
	f.mu.Unlock()
	if !good {
		if _, err := f.read(c.RunID); err != nil && !errors.Is(err, ErrNoCheckpoint) {
			return fmt.Errorf("flow: not overwriting checkpoint: %w", err)
		}
	}
	data, err := json.Marshal(c)
	if err != nil {
		return fmt.Errorf("flow: encode checkpoint for run %q: %w", c.RunID, err)
	}
	tmp, err := os.CreateTemp(f.dir, "."+c.RunID+".*.tmp")
	if err != nil {
		return fmt.Errorf("flow: save checkpoint: %w", err)
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("flow: write %s: %w", tmp.Name(), err)
	}
	if !f.NoSync {
		if err := tmp.Sync(); err != nil {
			tmp.Close()
			return fmt.Errorf("flow: sync %s: %w", tmp.Name(), err)
		}
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("flow: close %s: %w", tmp.Name(), err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("flow: save checkpoint %s: %w", path, err)
	}
	if d, err := os.Open(f.dir); err == nil && !f.NoSync {
		d.Sync() // make the rename durable; best effort where unsupported
		d.Close()
	}
	f.mu.Lock()
	f.good[c.RunID] = true
	f.mu.Unlock()
	return nil
}

// Load reads runID's latest checkpoint.
func (f *FileStore) Load(_ context.Context, runID string) (Checkpoint, error) {
	if err := validRunID(runID); err != nil {
		return Checkpoint{}, err
	}
	c, err := f.read(runID)
	if err == nil {
		f.mu.Lock()
		f.good[runID] = true
		f.mu.Unlock()
	}
	return c, err
}

func (f *FileStore) read(runID string) (Checkpoint, error) {
	path := f.Path(runID)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Checkpoint{}, fmt.Errorf("%w for run %q (no file %s)", ErrNoCheckpoint, runID, path)
	}
	if err != nil {
		return Checkpoint{}, fmt.Errorf("flow: read checkpoint %s: %w", path, err)
	}
	c, err := decodeCheckpoint(data)
	if err != nil {
		return Checkpoint{}, fmt.Errorf("%w: file %s: %w", ErrCorrupt, path, err)
	}
	if c.RunID != runID {
		return Checkpoint{}, fmt.Errorf("%w: file %s: field run_id is %q, want %q", ErrCorrupt, path, c.RunID, runID)
	}
	return c, nil
}

// decodeCheckpoint parses and validates a stored checkpoint.
func decodeCheckpoint(data []byte) (Checkpoint, error) {
	var c Checkpoint
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Checkpoint{}, fmt.Errorf("not a checkpoint: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Checkpoint{}, errors.New("trailing data after the checkpoint")
	}
	if err := c.validate(); err != nil {
		return Checkpoint{}, err
	}
	return c, nil
}
