package temporal

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"

	"github.com/cairn-agents/cairn/flow"
)

// Connection says how to reach a Temporal cluster: a dev server
// (`temporal server start-dev`), a self-hosted cluster, or Temporal Cloud
// (its namespace address, TLS, and a client certificate or an API key).
type Connection struct {
	// Address is the frontend's host:port; empty means 127.0.0.1:7233.
	Address string
	// Namespace; empty means "default".
	Namespace string
	// TLS: a client certificate and key (mTLS), a CA bundle to trust
	// instead of the system's, and the server name to check when it
	// differs from Address's host. TLS is used when any of these is set,
	// or APIKey is.
	CertFile, KeyFile, CAFile, ServerName string
	// APIKey authenticates to Temporal Cloud instead of a certificate.
	APIKey string
	// DialTimeout bounds the first contact; zero means 5 s.
	DialTimeout time.Duration
	// Log receives the SDK's log lines; nil discards those below Warn.
	Log *slog.Logger
	// Payloads says where states too large for a history go (a
	// PayloadStore); every client and worker of a queue must use the same.
	// Without a Store, a payload past the cluster's limit fails its run at
	// once with ErrPayloadTooLarge.
	Payloads PayloadOptions
}

// ErrUnreachable: no answer from the cluster's frontend at the address
// within the dial timeout.
var ErrUnreachable = errors.New("flow/temporal: Temporal server unreachable")

// Dial connects to the cluster and checks that it answers, so a wrong
// address fails here, fast and named, rather than at the first run.
func Dial(ctx context.Context, cn Connection) (client.Client, error) {
	if cn.Address == "" {
		cn.Address = "127.0.0.1:7233"
	}
	if cn.Namespace == "" {
		cn.Namespace = "default"
	}
	if cn.DialTimeout <= 0 {
		cn.DialTimeout = 5 * time.Second
	}
	log := cn.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	if err := cn.Payloads.check(); err != nil {
		return nil, err
	}
	opts := client.Options{HostPort: cn.Address, Namespace: cn.Namespace, Logger: tlog.NewStructuredLogger(log),
		DataConverter: DataConverter(cn.Payloads)}
	if cn.CertFile != "" || cn.KeyFile != "" || cn.CAFile != "" || cn.ServerName != "" || cn.APIKey != "" {
		tc, err := tlsConfig(cn)
		if err != nil {
			return nil, err
		}
		opts.ConnectionOptions.TLS = tc
	}
	if cn.APIKey != "" {
		opts.Credentials = client.NewAPIKeyStaticCredentials(cn.APIKey)
	}
	dctx, cancel := context.WithTimeout(ctx, cn.DialTimeout)
	defer cancel()
	c, err := client.DialContext(dctx, opts)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("flow/temporal: connect to %s: %w", cn.Address, ctx.Err())
		}
		return nil, fmt.Errorf("%w at %s (namespace %q) within %s: %w", ErrUnreachable, cn.Address, cn.Namespace, cn.DialTimeout, err)
	}
	return c, nil
}

func tlsConfig(cn Connection) (*tls.Config, error) {
	tc := &tls.Config{MinVersion: tls.VersionTLS12, ServerName: cn.ServerName}
	if (cn.CertFile == "") != (cn.KeyFile == "") {
		return nil, errors.New("flow/temporal: a TLS client certificate needs both its certificate and its key file")
	}
	if cn.CertFile != "" {
		cert, err := tls.LoadX509KeyPair(cn.CertFile, cn.KeyFile)
		if err != nil {
			return nil, fmt.Errorf("flow/temporal: TLS client certificate: %w", err)
		}
		tc.Certificates = []tls.Certificate{cert}
	}
	if cn.CAFile != "" {
		pem, err := os.ReadFile(cn.CAFile)
		if err != nil {
			return nil, fmt.Errorf("flow/temporal: TLS CA: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("flow/temporal: TLS CA %s: no PEM certificate in it", cn.CAFile)
		}
		tc.RootCAs = pool
	}
	return tc, nil
}

// NewWorker returns a worker of queue that hosts runners (every node of
// each, and its workflow) and the batches of their runs (Batch). Run it
// with its Run or Start; every worker of a queue must host the same
// graphs with the same Options. Its payloads go through c's data
// converter: Dial's, with the Connection's payload store.
//
// It polls with 8 pollers per task kind (the SDK's default is 2): a
// queue has 4 partitions by default, and a fan-out's activities wait in
// those no poller is on (BenchmarkDevServerTuning: a 10×10 fan-out 6.0 s
// → 2.1 s; a chain is unchanged).
func NewWorker(c client.Client, queue string, runners []flow.AnyRunner, o Options) worker.Worker {
	w := worker.New(c, queue, worker.Options{MaxConcurrentWorkflowTaskPollers: 8, MaxConcurrentActivityTaskPollers: 8,
		// A workflow task that encodes a state of megabytes (a traversal
		// step, a recorded event) takes more than the SDK's 1 s.
		DeadlockDetectionTimeout: 10 * time.Second})
	for _, r := range runners {
		Host(w, r, o)
	}
	registerBatch(w)
	return w
}
