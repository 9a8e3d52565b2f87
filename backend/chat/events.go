package chat

import "time"

// The payloads of the events chat publishes (realtime event types chat.message, chat.typing,
// chat.read and presence). MessageData (Service.Data) is also the message shape of the REST answers, so a
// client can put an event straight into the list it fetched.

// MessageData is a message as clients see it.
type MessageData struct {
	ID        string     `json:"_id"`
	Sender    string     `json:"sender"`
	Receiver  string     `json:"receiver"`
	Content   string     `json:"content"`
	ClientID  string     `json:"clientId,omitempty"`
	CreatedAt time.Time  `json:"createdAt"`
	ReadAt    *time.Time `json:"readAt"`
	// Attachments is never null: [] when the message has no files.
	Attachments []AttachmentData `json:"attachments"`
}

// TypingData tells To that From is typing a message to them.
type TypingData struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// ReadData tells both parties that Reader has read Sender's messages up to the message UpTo.
type ReadData struct {
	ReaderID string    `json:"readerId"`
	SenderID string    `json:"senderId"`
	UpTo     string    `json:"upTo"`
	ReadAt   time.Time `json:"readAt"`
}

// PresenceData tells a user's chat partners that the user came online or went offline.
type PresenceData struct {
	UserID string `json:"userId"`
	Online bool   `json:"online"`
}
