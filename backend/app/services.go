package app

import (
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/audit"
	"bridgework/backend/chat"
	"bridgework/backend/config"
	"bridgework/backend/digest"
	"bridgework/backend/issuers"
	"bridgework/backend/mail"
	"bridgework/backend/presence"
	"bridgework/backend/ratelimit"
	"bridgework/backend/realtime"
	"bridgework/backend/store"
	"bridgework/backend/uploads"
)

// services are the domains' services: the platform every domain stands on, and the
// marketplace on top of it.
type services struct {
	platform
	marketplace
}

// newServices constructs every service with what it needs, in dependency order.
func newServices(cfg config.Config, db *gorm.DB, rdb *redis.Client, secret []byte, limiter ratelimit.Limiter, opts Options) (*services, error) {
	p, err := newPlatform(cfg, db, rdb, secret, limiter, opts)
	if err != nil {
		return nil, err
	}
	m, err := newMarketplace(cfg, db, rdb, p, limiter, opts)
	if err != nil {
		return nil, err
	}
	return &services{platform: p, marketplace: m}, nil
}

// platform is accounts and the audit trail, mail, and the realtime side with chat.
type platform struct {
	audit         *audit.Service
	accounts      *accounts.Service
	issuers       *issuers.Service
	digests       *digest.Service
	mail          *mail.Worker
	chat          *chat.Service
	fileLinks     *uploads.Links
	live          *live
	invalidations *invalidations
	// What the marketplace's services take from the platform.
	publisher Publisher
	users     store.Users
	trailKey  audit.Key
	hash      accounts.HashParams
}

// newPlatform constructs the platform's services in dependency order. Two cycles are genuine,
// and each is broken where it is made:
//   - Accounts, issuers and digests queue mails, and the mail worker asks them to compose those
//     mails when it sends: they take the mail.Outbox, and the worker, built after them, takes
//     the same Outbox and their composers.
//   - Chat publishes through the hub's broker, and the hub hands chat its sockets' frames and
//     presence changes: chat takes a Publisher on the broker, and the hub, built after it, the
//     same broker and chat.
//
// This instance's hub is the one late binding (see hub below).
func newPlatform(cfg config.Config, db *gorm.DB, rdb *redis.Client, secret []byte, limiter ratelimit.Limiter, opts Options) (platform, error) {
	logger := opts.Logger
	hash := hashParams(opts.Hash)
	users := store.Users{DB: db}
	trailKey := auditKey(cfg, secret)
	auditSvc := &audit.Service{Store: store.Audit{DB: db, Key: trailKey}, Key: trailKey, Logger: logger}
	outbox := mail.NewOutbox(store.Outbox{DB: db}, nil)

	// This instance's hub: the Redis broker tells its sockets to resync when its subscription
	// is back, and the invalidations close its sockets of ended sessions. Both come before the
	// hub, which needs the broker and accounts (who is this socket's user), and accounts needs
	// the invalidations. newHub binds hub below, before either can call: sessions end in
	// requests, which start once Build returns, and the broker reports a reconnection only
	// after a lost connection came back, a backoff of 50 ms at least.
	var hub *realtime.Hub
	broker, closeBroker := newBroker(cfg, rdb, logger, func() {
		// Events published while this instance's subscription was down are lost to its
		// clients; tell them to refetch what they show.
		hub.BroadcastLocal(realtime.NewResync())
	})
	publisher := Publisher{broker: broker, log: logger}
	tracker, presenceSweep, closeTracker := presenceTracker(cfg, rdb, logger)
	invalidator := &invalidations{rdb: rdb, channel: cfg.RedisPrefix + "invalidate", logger: logger,
		local: func(userID string, endedSessions []string) {
			if len(endedSessions) > 0 {
				hub.EndSessions(userID, endedSessions)
			}
		}}

	accountsSvc := &accounts.Service{
		Store:    users,
		Sessions: store.Sessions{DB: db},
		Tokens:   &accounts.Tokens{Secret: secret, Issuer: cfg.JWTIssuer, Audience: cfg.JWTAudience, TTL: cfg.JWTTTL},
		Limiter:  limiter,
		Outbox:   outbox,
		Hash:     hash,
		Limits: accounts.Limits{
			LoginFailuresPerAccount: cfg.LoginFailuresPerAccount, LoginFailuresPerIP: cfg.LoginFailuresPerIP,
			LoginFailureWindow: cfg.LoginFailureWindow, LoginFailuresPerDevice: cfg.LoginFailuresPerDevice,
			ResetRequestsPerIP: cfg.ResetRequestsPerIP, ResetRequestWindow: cfg.ResetRequestWindow,
			RegistrationsPerIP: cfg.RegistrationsPerIP, ResetMailsPerAccount: cfg.ResetMailsPerAccount,
		},
		PublicURL:     cfg.PublicURL,
		Logger:        logger,
		AdminEmail:    cfg.AdminEmail,
		AdminPassword: cfg.AdminPassword,
		Invalidator:   invalidator,
		UserCacheTTL:  cfg.UserCacheTTL,
		Audit:         auditSvc,
	}
	issuersSvc := &issuers.Service{
		Store: store.Issuers{DB: db}, Limiter: limiter, Outbox: outbox, MailsPerAccount: cfg.VerifyMailsPerAccount,
		MailWindow: cfg.VerifyMailWindow, LinkTTL: cfg.VerifyLinkTTL, PublicURL: cfg.PublicURL,
	}
	digestsSvc := &digest.Service{
		Store: store.Digests{DB: db}, Presence: tracker, Wake: outbox.Wake, Secret: secret, PublicURL: cfg.PublicURL,
		OfflineAfter: cfg.DigestOfflineAfter, MinInterval: cfg.DigestMinInterval, Logger: logger,
	}
	mailWorker := mail.NewWorker(mail.Worker{
		Outbox: outbox, Mailer: newMailer(cfg, opts.Mailer, logger), MaxAttempts: cfg.MailMaxAttempts,
		FirstRetry: cfg.MailFirstRetry, SendTimeout: cfg.MailSendTimeout, Logger: logger,
		Composers: map[string]mail.Composer{
			accounts.ResetMailKind: accountsSvc.ComposeResetMail,
			issuers.MailKind:       issuersSvc.ComposeMail,
			digest.MailKind:        digestsSvc.Compose,
		},
	})

	// File links are signed with the tokens' secret, so every instance checks every link.
	fileLinks := uploads.NewLinks(secret)
	chatSvc := &chat.Service{
		Store:     store.Messages{DB: db, Inserts: store.NewMessageInserts(cfg.ChatCommitInterval)},
		Publisher: publisher, Presence: tracker, Links: fileLinks, Limiter: limiter, Logger: logger,
		Limits: chat.Limits{MessagesPerMinute: cfg.ChatMessagesPerMinute},
	}
	watcher := presence.NewWatcher(tracker, presenceChanges(chatSvc, digestsSvc), logger)
	var err error
	if hub, err = newHub(cfg, broker, accountsSvc, watcher, chatSvc, limiter, logger); err != nil {
		_ = closeBroker()
		return platform{}, err
	}
	realtimeSide := &live{hub: hub, presence: watcher, sweep: presenceSweep, sweeping: newJobs(),
		closers: []func() error{closeTracker, closeBroker}}
	return platform{
		audit: auditSvc, accounts: accountsSvc, issuers: issuersSvc, digests: digestsSvc, mail: mailWorker,
		chat: chatSvc, fileLinks: fileLinks, live: realtimeSide, invalidations: invalidator,
		publisher: publisher, users: users, trailKey: trailKey, hash: hash,
	}, nil
}
