package temporal

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	commonpb "go.temporal.io/api/common/v1"
	"go.temporal.io/sdk/converter"
	sdk "go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
	"google.golang.org/protobuf/proto"
)

// A Temporal cluster keeps every workflow input and result, activity
// input and result and query answer in the workflow's history, and by
// default refuses one larger than 2 MiB (limit.blobSize.error; it warns
// past 512 KiB) and a history past 50 MiB or 51,200 events
// (limit.historySize.error, limit.historyCount.error). A run's state
// travels as JSON through all of these, so a state of a few megabytes
// goes to a PayloadStore instead: the history holds a reference of about
// a hundred bytes (the blob's SHA-256 and size), and whoever reads the
// payload (a worker, the client) fetches it from the store and checks
// its hash.
const (
	// DefaultPayloadThreshold is the size from which a payload goes to the
	// store when there is one: well under the cluster's warning, so a
	// history of many nodes stays small.
	DefaultPayloadThreshold = 128 << 10
	// DefaultPayloadLimit is the cluster's default limit on one payload
	// (limit.blobSize.error).
	DefaultPayloadLimit = 2 << 20
)

// refEncoding marks a payload that is a reference to a stored blob.
const refEncoding = "cairn/payload-ref"

// maxBlob bounds the size a reference may claim, so a forged one cannot
// make a reader allocate without bound.
const maxBlob = 1 << 30

// Errors of the payload store, for errors.Is.
var (
	// ErrPayloadTooLarge: a payload is over the cluster's limit and there
	// is no store to put it in.
	ErrPayloadTooLarge = errors.New("flow/temporal: payload too large for a workflow history")
	// ErrPayloadMissing: the blob a reference names is not in the store.
	ErrPayloadMissing = errors.New("flow/temporal: payload not in the store")
	// ErrPayloadCorrupt: the blob a reference names does not have its size
	// or hash, or a reference does not parse.
	ErrPayloadCorrupt = errors.New("flow/temporal: payload corrupt")
)

// PayloadStore keeps the payloads too large for a history, by the hex
// SHA-256 of their content. Every client and worker of a task queue must
// see the same store: a directory on a shared mount (DirStore), or an
// object store.
type PayloadStore interface {
	// Put stores blob under key. Storing a key twice is not an error.
	Put(ctx context.Context, key string, blob []byte) error
	// Get returns the blob stored under key, or an error wrapping
	// ErrPayloadMissing.
	Get(ctx context.Context, key string) ([]byte, error)
}

// PayloadOptions say where large payloads go. The zero value keeps every
// payload in history and refuses, with an error saying to configure a
// store, one past Limit.
type PayloadOptions struct {
	// Store receives payloads larger than Threshold; nil keeps them in
	// history.
	Store PayloadStore
	// Threshold is the payload size in bytes from which a payload goes
	// to Store; zero means DefaultPayloadThreshold.
	Threshold int
	// Limit is the cluster's limit on one payload; zero means
	// DefaultPayloadLimit. Without a Store, a larger payload fails its
	// node or run at once with ErrPayloadTooLarge instead of being sent.
	Limit int
	// Timeout bounds one store operation; zero means one minute.
	Timeout time.Duration
}

func (o PayloadOptions) withDefaults() PayloadOptions {
	if o.Threshold <= 0 {
		o.Threshold = DefaultPayloadThreshold
	}
	if o.Limit <= 0 {
		o.Limit = DefaultPayloadLimit
	}
	if o.Timeout <= 0 {
		o.Timeout = time.Minute
	}
	return o
}

func (o PayloadOptions) check() error {
	o = o.withDefaults()
	if o.Store != nil && o.Threshold >= o.Limit {
		return fmt.Errorf("flow/temporal: payload threshold %d bytes: not under the cluster's limit of %d bytes", o.Threshold, o.Limit)
	}
	return nil
}

// DataConverter is the SDK's default converter with a PayloadCodec for
// o: what Dial gives its client (and so every worker made from that
// client). Give the same to a client made otherwise. Its store calls do
// not count toward a workflow task's deadlock detection.
func DataConverter(o PayloadOptions) converter.DataConverter {
	return workflow.DataConverterWithoutDeadlockDetection(
		converter.NewCodecDataConverter(converter.GetDefaultDataConverter(), NewPayloadCodec(o)))
}

// NewPayloadCodec returns the codec that puts payloads larger than
// o.Threshold in o.Store and replaces them by a reference, and resolves
// such references when decoding. Every client and worker of a task queue
// must use the same.
func NewPayloadCodec(o PayloadOptions) converter.PayloadCodec {
	return payloadCodec{o.withDefaults()}
}

type payloadCodec struct{ o PayloadOptions }

// payloadRef is a reference payload's data.
type payloadRef struct {
	SHA256 string `json:"sha256"`
	Size   int64  `json:"size"`
}

func (r payloadRef) String() string {
	return fmt.Sprintf("sha256:%s (%s)", r.SHA256, byteSize(r.Size))
}

func (c payloadCodec) Encode(ps []*commonpb.Payload) ([]*commonpb.Payload, error) {
	out := make([]*commonpb.Payload, len(ps))
	total := 0
	for i, p := range ps {
		out[i] = p
		size := proto.Size(p)
		if c.o.Store == nil || size <= c.o.Threshold {
			total += size
			continue
		}
		blob, err := proto.Marshal(p)
		if err != nil {
			return nil, fmt.Errorf("flow/temporal: encode a payload for the store: %w", err)
		}
		sum := sha256.Sum256(blob)
		ref := payloadRef{SHA256: hex.EncodeToString(sum[:]), Size: int64(len(blob))}
		ctx, cancel := context.WithTimeout(context.Background(), c.o.Timeout)
		err = c.o.Store.Put(ctx, ref.SHA256, blob)
		cancel()
		if err != nil {
			return nil, fmt.Errorf("flow/temporal: store payload %s: %w", ref, err)
		}
		data, _ := json.Marshal(ref)
		out[i] = &commonpb.Payload{Metadata: map[string][]byte{converter.MetadataEncoding: []byte(refEncoding)}, Data: data}
		total += proto.Size(out[i])
	}
	if total > c.o.Limit {
		// Non-retryable: the same state would be as large on a retry.
		return nil, sdk.NewNonRetryableApplicationError(fmt.Sprintf(
			"%v: a payload (a run's state as JSON) of %d bytes (%s) is over the cluster's limit of %d bytes; configure a payload store "+
				"(temporal.Connection.Payloads, cairn --temporal-payloads DIR on the clients and every worker)",
			ErrPayloadTooLarge, total, byteSize(int64(total)), c.o.Limit), "flow.PayloadTooLarge", ErrPayloadTooLarge)
	}
	return out, nil
}

func (c payloadCodec) Decode(ps []*commonpb.Payload) ([]*commonpb.Payload, error) {
	out := make([]*commonpb.Payload, len(ps))
	for i, p := range ps {
		if string(p.GetMetadata()[converter.MetadataEncoding]) != refEncoding {
			out[i] = p
			continue
		}
		ref, err := parseRef(p.GetData())
		if err != nil {
			return nil, err
		}
		if c.o.Store == nil {
			return nil, fmt.Errorf("flow/temporal: payload %s is in a payload store and none is configured here "+
				"(every client and worker must use the same --temporal-payloads): %w", ref, ErrPayloadMissing)
		}
		ctx, cancel := context.WithTimeout(context.Background(), c.o.Timeout)
		blob, err := c.o.Store.Get(ctx, ref.SHA256)
		cancel()
		if err != nil {
			return nil, fmt.Errorf("flow/temporal: payload %s: %w", ref, err)
		}
		if int64(len(blob)) != ref.Size {
			return nil, fmt.Errorf("%w: payload %s: the store has %d bytes", ErrPayloadCorrupt, ref, len(blob))
		}
		if sum := sha256.Sum256(blob); hex.EncodeToString(sum[:]) != ref.SHA256 {
			return nil, fmt.Errorf("%w: payload %s: the stored blob has sha256 %x", ErrPayloadCorrupt, ref, sum)
		}
		var q commonpb.Payload
		if err := proto.Unmarshal(blob, &q); err != nil {
			return nil, fmt.Errorf("%w: payload %s: %w", ErrPayloadCorrupt, ref, err)
		}
		out[i] = &q
	}
	return out, nil
}

// parseRef reads a reference payload's data, which comes from a history
// anyone with access to the namespace can write: strictly.
func parseRef(data []byte) (payloadRef, error) {
	var ref payloadRef
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ref); err != nil || dec.More() {
		return payloadRef{}, fmt.Errorf("%w: a payload reference %.80q does not parse", ErrPayloadCorrupt, data)
	}
	if !validKey(ref.SHA256) || ref.Size <= 0 || ref.Size > maxBlob {
		return payloadRef{}, fmt.Errorf("%w: payload reference %.80q: want a 64-digit lower-case hex sha256 and a size in (0, 1 GiB]", ErrPayloadCorrupt, data)
	}
	return ref, nil
}

// validKey reports whether key is a hex SHA-256 in lower case: all a
// store ever sees, so it can be a file name.
func validKey(key string) bool {
	if len(key) != 2*sha256.Size {
		return false
	}
	for _, c := range []byte(key) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

func byteSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// DirStore is a PayloadStore in a directory: one file per blob, named by
// its hash, written atomically (a temporary file renamed into place). For
// workers on several machines, the directory is a shared mount (NFS, a
// cloud file store) that all of them and the clients see at the same
// path or another. Nothing is deleted: remove files older than the
// namespace's retention to reclaim space.
type DirStore struct {
	Dir string
}

func (d DirStore) path(key string) (string, error) {
	if !validKey(key) {
		return "", fmt.Errorf("%w: payload key %.80q is not a hex sha256", ErrPayloadCorrupt, key)
	}
	return filepath.Join(d.Dir, key[:2], key), nil
}

// Put implements PayloadStore.
func (d DirStore) Put(ctx context.Context, key string, blob []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	p, err := d.path(key)
	if err != nil {
		return err
	}
	if st, err := os.Stat(p); err == nil && st.Size() == int64(len(blob)) {
		return nil // content-addressed: already there
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("payload store %s: %w", d.Dir, err)
	}
	f, err := os.CreateTemp(filepath.Dir(p), "."+key[:8]+".*.tmp")
	if err != nil {
		return fmt.Errorf("payload store %s: %w", d.Dir, err)
	}
	tmp := f.Name()
	_, err = f.Write(blob)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, p)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("payload store %s: write %s: %w", d.Dir, key, err)
	}
	return nil
}

// Get implements PayloadStore.
func (d DirStore) Get(ctx context.Context, key string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p, err := d.path(key)
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: no %s (is %s the store every client and worker uses?)", ErrPayloadMissing, p, d.Dir)
	}
	if err != nil {
		return nil, fmt.Errorf("payload store %s: %w", d.Dir, err)
	}
	return b, nil
}
