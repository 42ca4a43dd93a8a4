package temporal_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	commonpb "go.temporal.io/api/common/v1"
	"go.temporal.io/sdk/converter"
	"google.golang.org/protobuf/proto"

	"github.com/cairn-agents/cairn/flow/temporal"
)

// jsonPayload is what the SDK's default converter makes of a state.
func jsonPayload(t testing.TB, v any) *commonpb.Payload {
	t.Helper()
	p, err := converter.GetDefaultDataConverter().ToPayload(v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func storedFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	return files
}

func TestPayloadCodecRoundTrip(t *testing.T) {
	dir := t.TempDir()
	c := temporal.NewPayloadCodec(temporal.PayloadOptions{Store: temporal.DirStore{Dir: dir}, Threshold: 1024})
	small := jsonPayload(t, strings.Repeat("s", 100))
	large := jsonPayload(t, strings.Repeat("L", 5000))
	enc, err := c.Encode([]*commonpb.Payload{small, large})
	if err != nil {
		t.Fatal(err)
	}
	if enc[0] != small {
		t.Errorf("a payload under the threshold was replaced: %v", enc[0])
	}
	if proto.Size(enc[1]) > 200 || string(enc[1].Metadata["encoding"]) != "cairn/payload-ref" {
		t.Errorf("a payload over the threshold: %d bytes, metadata %q; want a reference", proto.Size(enc[1]), enc[1].Metadata)
	}
	if files := storedFiles(t, dir); len(files) != 1 {
		t.Fatalf("store holds %v; want one blob", files)
	}
	// Encoding the same payload again (a replay, a retry) stores nothing new.
	if _, err := c.Encode([]*commonpb.Payload{large}); err != nil {
		t.Fatal(err)
	}
	if files := storedFiles(t, dir); len(files) != 1 {
		t.Fatalf("store holds %v after re-encoding; want one blob", files)
	}
	dec, err := c.Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(dec[0], small) || !proto.Equal(dec[1], large) {
		t.Errorf("round trip changed the payloads")
	}
	var s string
	if err := converter.GetDefaultDataConverter().FromPayload(dec[1], &s); err != nil || s != strings.Repeat("L", 5000) {
		t.Errorf("decoded payload reads %.20q, %v", s, err)
	}
}

func TestPayloadCodecMissingAndCorrupt(t *testing.T) {
	dir := t.TempDir()
	c := temporal.NewPayloadCodec(temporal.PayloadOptions{Store: temporal.DirStore{Dir: dir}, Threshold: 10})
	enc, err := c.Encode([]*commonpb.Payload{jsonPayload(t, strings.Repeat("x", 100))})
	if err != nil {
		t.Fatal(err)
	}
	files := storedFiles(t, dir)
	if len(files) != 1 {
		t.Fatalf("store holds %v", files)
	}
	key := filepath.Base(files[0])

	// Corrupt: same length, one byte flipped.
	b, _ := os.ReadFile(files[0])
	b[len(b)-1] ^= 1
	os.WriteFile(files[0], b, 0o644)
	_, err = c.Decode(enc)
	if !errors.Is(err, temporal.ErrPayloadCorrupt) || !strings.Contains(err.Error(), key) {
		t.Errorf("corrupt blob: %v; want ErrPayloadCorrupt naming %s", err, key)
	}
	// Truncated.
	os.WriteFile(files[0], b[:10], 0o644)
	if _, err = c.Decode(enc); !errors.Is(err, temporal.ErrPayloadCorrupt) {
		t.Errorf("truncated blob: %v; want ErrPayloadCorrupt", err)
	}
	// Missing.
	os.Remove(files[0])
	_, err = c.Decode(enc)
	if !errors.Is(err, temporal.ErrPayloadMissing) || !strings.Contains(err.Error(), key) {
		t.Errorf("missing blob: %v; want ErrPayloadMissing naming %s", err, key)
	}
	// A reader without a store.
	_, err = temporal.NewPayloadCodec(temporal.PayloadOptions{}).Decode(enc)
	if !errors.Is(err, temporal.ErrPayloadMissing) || !strings.Contains(err.Error(), "--temporal-payloads") {
		t.Errorf("no store: %v; want ErrPayloadMissing saying to configure one", err)
	}
}

func TestPayloadCodecWithoutStore(t *testing.T) {
	c := temporal.NewPayloadCodec(temporal.PayloadOptions{Limit: 1000})
	p := jsonPayload(t, strings.Repeat("x", 900))
	enc, err := c.Encode([]*commonpb.Payload{p})
	if err != nil || enc[0] != p {
		t.Fatalf("a payload under the limit: %v, %v; want it unchanged", enc, err)
	}
	_, err = c.Encode([]*commonpb.Payload{jsonPayload(t, strings.Repeat("x", 1000))})
	if !errors.Is(err, temporal.ErrPayloadTooLarge) || !strings.Contains(err.Error(), "configure a payload store") {
		t.Errorf("a payload over the limit: %v; want ErrPayloadTooLarge saying to configure a store", err)
	}
}

func TestDialRejectsThresholdOverLimit(t *testing.T) {
	_, err := temporal.Dial(context.Background(), temporal.Connection{Payloads: temporal.PayloadOptions{
		Store: temporal.DirStore{Dir: t.TempDir()}, Threshold: 3 << 20}})
	if err == nil || !strings.Contains(err.Error(), "threshold") {
		t.Errorf("Dial with a 3 MiB threshold: %v; want an error about the threshold", err)
	}
}

func TestDirStoreRejectsBadKeys(t *testing.T) {
	s := temporal.DirStore{Dir: t.TempDir()}
	for _, key := range []string{"", "../../etc/passwd", strings.Repeat("A", 64), strings.Repeat("a", 63)} {
		if err := s.Put(context.Background(), key, []byte("x")); !errors.Is(err, temporal.ErrPayloadCorrupt) {
			t.Errorf("Put(%q): %v", key, err)
		}
		if _, err := s.Get(context.Background(), key); !errors.Is(err, temporal.ErrPayloadCorrupt) {
			t.Errorf("Get(%q): %v", key, err)
		}
	}
}

// FuzzPayloadRef decodes reference payloads from untrusted histories: it
// must never panic, read outside the store, or return a payload whose
// blob does not match the reference.
func FuzzPayloadRef(f *testing.F) {
	dir := f.TempDir()
	c := temporal.NewPayloadCodec(temporal.PayloadOptions{Store: temporal.DirStore{Dir: dir}, Threshold: 10})
	good, err := c.Encode([]*commonpb.Payload{jsonPayload(f, strings.Repeat("y", 100))})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good[0].Data)
	f.Add([]byte(`{"sha256":"../../../etc/passwd","size":10}`))
	f.Add([]byte(`{"sha256":"` + strings.Repeat("0", 64) + `","size":-1}`))
	f.Add([]byte(`{"sha256":"` + strings.Repeat("0", 64) + `","size":1e30}`))
	f.Add([]byte(`{"sha256":1} trailing`))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		ref := &commonpb.Payload{Metadata: map[string][]byte{"encoding": []byte("cairn/payload-ref")}, Data: data}
		out, err := c.Decode([]*commonpb.Payload{ref})
		if err != nil {
			if !errors.Is(err, temporal.ErrPayloadCorrupt) && !errors.Is(err, temporal.ErrPayloadMissing) {
				t.Fatalf("Decode(%q): %v; want ErrPayloadCorrupt or ErrPayloadMissing", data, err)
			}
			return
		}
		if len(out) != 1 || !bytes.Contains(out[0].Data, []byte("yyyy")) {
			t.Fatalf("Decode(%q) = %v; the only blob in the store is the good one", data, out)
		}
	})
}
