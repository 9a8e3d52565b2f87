package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"bridgework/backend/alerts"
	"bridgework/backend/audit"
	"bridgework/backend/certs"
	"bridgework/backend/config"
	"bridgework/backend/credentials"
	"bridgework/backend/matching"
	"bridgework/backend/notify"
	"bridgework/backend/payments"
	"bridgework/backend/profiles"
	"bridgework/backend/ratelimit"
	"bridgework/backend/ratings"
	"bridgework/backend/store"
	"bridgework/backend/stripeconnect"
	"bridgework/backend/tasks"
)

// marketplace is the work and what it earns: tasks and their alerts, notifications, payments,
// certificates with their credentials, ratings and profiles.
type marketplace struct {
	notifications *notify.Service
	tasks         *tasks.Service
	alerts        *alerts.Service
	payments      *payments.Service
	stripe        stripeMoney
	credentials   *credentials.Service
	certificates  *certs.Service
	ratings       *ratings.Service
	profiles      *profiles.Service
	matching      *matching.Service
}

// newMarketplace constructs the marketplace's services on the platform's, in dependency order:
// alerts and Stripe before the tasks that announce posts to the one and fund through the other,
// tasks before the payments and profiles that read them.
func newMarketplace(cfg config.Config, db *gorm.DB, rdb *redis.Client, p platform, limiter ratelimit.Limiter, opts Options) (marketplace, error) {
	logger, publisher, trailKey := opts.Logger, p.publisher, p.trailKey
	notifications := &notify.Service{Store: store.Notifications{DB: db}, Publisher: publisher, Logger: logger}
	taskStore := store.Tasks{DB: db, AuditKey: trailKey}
	// "Highest pay" sorts in the database by the rates it holds: those of this configuration.
	if err := taskStore.SetCurrencyRates(context.Background(), cfg.CurrencyRates); err != nil {
		return marketplace{}, fmt.Errorf("currency rates: %w", err)
	}
	paymentStore := store.Payments{DB: db, AuditKey: trailKey}
	stripe := newStripeMoney(cfg, db, trailKey, paymentStore, notifications, publisher, opts.StripeHTTPClient, logger)
	alertsSvc := &alerts.Service{Store: store.Alerts{DB: db}, Publisher: publisher, Logger: logger}
	tasksSvc := &tasks.Service{
		Store: taskStore, Notifier: notifications, Publisher: publisher,
		Limiter: limiter, PostsPerHour: cfg.TasksPerStartup, Posted: alertsSvc, DefaultCurrency: cfg.DefaultCurrency,
		Rates: cfg.CurrencyRates, Uploads: store.Files{DB: db},
		Checkout: stripe.checkout, Money: stripe.waker, PublicURL: stripe.terms.publicURL,
		FeeBasisPoints: stripe.terms.feeBasisPoints, ReviewWindow: stripe.terms.reviewWindow, ReviewWarning: stripe.terms.reviewWarning,
	}
	paymentsSvc := &payments.Service{Store: paymentStore, Ledger: paymentStore, Notifier: notifications, Publisher: publisher,
		PublicURL: cfg.PublicURL, Connect: stripe.connect, Fundings: tasksSvc, FeeBasisPoints: cfg.PlatformFeeBasisPoints,
		Money: stripe.waker, Logger: logger}

	issuer, err := credentialIssuer(cfg, rdb != nil)
	if err != nil {
		return marketplace{}, err
	}
	credentialsSvc := &credentials.Service{Issuer: issuer, Store: store.Credentials{DB: db}, Certificates: store.Certificates{DB: db},
		Users: p.users, Limiter: limiter, VerifiesPerIP: cfg.CredentialVerifiesPerIP}
	certificates := &certs.Service{Store: store.Certificates{DB: db}, Users: p.users, Credentials: credentialsSvc, PublicURL: cfg.PublicURL}
	profilesSvc := &profiles.Service{
		Store: store.Profiles{DB: db}, Work: tasksSvc, Sessions: p.accounts, Hash: p.hash, Limiter: limiter,
		PasswordFailures: cfg.LoginFailuresPerAccount, PasswordWindow: cfg.LoginFailureWindow,
	}
	return marketplace{
		notifications: notifications, tasks: tasksSvc, alerts: alertsSvc, payments: paymentsSvc, stripe: stripe,
		credentials: credentialsSvc, certificates: certificates, profiles: profilesSvc,
		ratings:  &ratings.Service{Store: store.Ratings{DB: db, AuditKey: trailKey}},
		matching: &matching.Service{Store: store.Matching{DB: db}, Tasks: taskStore, BaseCurrency: cfg.CurrencyRates.Base},
	}, nil
}

// stripeMoney is Stripe's side of payments (PAYMENTS=stripe). Offline it is the zero value: the
// services read their nil interfaces as "offline" (a nil *stripeconnect.Client or
// *payments.Worker put in one would not be nil), and tasks get no funded terms.
type stripeMoney struct {
	checkout tasks.Checkout
	connect  payments.Connect
	waker    payments.Waker
	worker   *payments.Worker // works the money jobs: transfers and refunds at Stripe
	terms    fundedTerms
}

// fundedTerms are what tasks.Service needs of a funded task: where Checkout returns the startup,
// the platform's fee, and the review window before an automatic approval.
type fundedTerms struct {
	publicURL                   string
	feeBasisPoints              int
	reviewWindow, reviewWarning time.Duration
}

func newStripeMoney(cfg config.Config, db *gorm.DB, trailKey audit.Key, paymentStore store.Payments, notifications *notify.Service,
	publisher Publisher, httpClient *http.Client, logger *slog.Logger) stripeMoney {
	if cfg.Payments != config.PaymentsStripe {
		return stripeMoney{}
	}
	connect := stripeconnect.New(stripeconnect.Config{SecretKey: cfg.StripeSecretKey, WebhookSecret: cfg.StripeWebhookSecret,
		APIBase: cfg.StripeAPIBase, HTTPClient: httpClient, Timeout: cfg.MoneyCallTimeout, Logger: logger})
	worker := payments.NewWorker(payments.Worker{Queue: store.MoneyJobs{DB: db, AuditKey: trailKey}, Connect: connect,
		Payments: paymentStore, Notifier: notifications, Publisher: publisher, MaxAttempts: cfg.MoneyMaxAttempts,
		FirstRetry: cfg.MoneyFirstRetry, CallTimeout: cfg.MoneyCallTimeout, Logger: logger})
	return stripeMoney{checkout: connect, connect: connect, waker: worker, worker: worker, terms: fundedTerms{
		publicURL: cfg.PublicURL, feeBasisPoints: cfg.PlatformFeeBasisPoints,
		reviewWindow: cfg.ReviewWindow, reviewWarning: cfg.ReviewWarning,
	}}
}
