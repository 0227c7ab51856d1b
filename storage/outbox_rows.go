package storage

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/qisai/qisai/chat"
)

// outboxMessage is an outbox row with the columns migrations 4, 5 and 16
// added: the attached file, how many parts of a long message went out
// already, which part's request was under way (0: none), and the album.
type outboxMessage struct {
	Row         outboxRow `gorm:"embedded"`
	FileName    string
	FileData    []byte
	PartsSent   int
	SendingPart int
	Album       []byte // the pictures of chat.Message.Album in gob; nil for none
}

func (outboxMessage) TableName() string { return "outbox" }

// insertMessages puts msgs in the outbox inside tx, due at once, for event
// (nil: no event). A message without a DedupKey gets keyPrefix:msg:i, i its
// place in msgs. A message whose key is there already is dropped: that is
// what makes sending idempotent. A live message (chat.Live) whose chat has
// it already is no new message: it is the text that message is to be
// edited to (queueLive).
func insertMessages(tx *gorm.DB, event *EventID, msgs []chat.Message, keyPrefix string) error {
	if len(msgs) == 0 {
		return nil
	}
	var eventID *int64
	if event != nil {
		id := int64(*event)
		eventID = &id
	}
	now := tx.NowFunc() // the Store's clock, in UTC
	rows := make([]outboxMessage, 0, len(msgs))
	for i, m := range msgs {
		if m.Chat.Platform == "" || m.Chat.ID == "" {
			return fmt.Errorf("message %d: the chat needs a platform and an id", i)
		}
		key := m.DedupKey
		if key == "" {
			if keyPrefix == "" {
				return fmt.Errorf("message %d: no de-duplication key", i)
			}
			key = fmt.Sprintf("%s:msg:%d", keyPrefix, i)
		}
		body, err := json.Marshal(m)
		if err != nil {
			return fmt.Errorf("message %d: %w", i, err)
		}
		if m.Live != nil {
			if edit, err := queueLive(tx, eventID, m, string(body)); err != nil || edit {
				if err != nil {
					return fmt.Errorf("message %d: %w", i, err)
				}
				continue
			}
		}
		r := outboxMessage{Row: outboxRow{
			EventID: eventID, Platform: m.Chat.Platform, ChatID: m.Chat.ID, Thread: m.Chat.Thread, Body: string(body),
			DedupKey: key, CreatedAt: now, NextAttemptAt: now,
		}}
		if m.File != nil {
			r.FileName, r.FileData = m.File.Name, m.File.Data
		}
		if r.Album, err = encodeAlbum(m.Album); err != nil {
			return fmt.Errorf("message %d: %w", i, err)
		}
		rows = append(rows, r)
	}
	if len(rows) == 0 {
		return nil
	}
	if err := tx.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(&rows, insertBatch).Error; err != nil {
		return fmt.Errorf("queue messages: %w", err)
	}
	return nil
}

// delivery reads an outbox row.
func delivery(r outboxMessage) (Delivery, error) {
	m := chat.Message{Chat: chat.Chat{Platform: r.Row.Platform, ID: r.Row.ChatID, Thread: r.Row.Thread}, DedupKey: r.Row.DedupKey}
	if err := json.Unmarshal([]byte(r.Row.Body), &m); err != nil {
		return Delivery{}, fmt.Errorf("unreadable body: %w", err)
	}
	if r.FileName != "" {
		m.File = &chat.File{Name: r.FileName, Data: r.FileData}
	}
	var err error
	if m.Album, err = decodeAlbum(r.Album); err != nil {
		return Delivery{}, fmt.Errorf("unreadable album: %w", err)
	}
	d := Delivery{ID: r.Row.ID, Message: m, Attempts: r.Row.Attempts, PartsSent: r.PartsSent}
	if r.SendingPart > r.PartsSent {
		// Its worker died while the platform was being handed this part:
		// it may well have gone out, and the platform cannot say. Once
		// rather than twice: it counts as sent.
		d.PartsSent, d.Unconfirmed = r.SendingPart, true
	}
	if r.Row.EventID != nil {
		d.Event = EventID(*r.Row.EventID)
	}
	return d, nil
}

// encodeAlbum is an album as the outbox keeps it: nil for none.
func encodeAlbum(files []*chat.File) ([]byte, error) {
	if len(files) == 0 {
		return nil, nil
	}
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(files); err != nil {
		return nil, fmt.Errorf("encode its album: %w", err)
	}
	return b.Bytes(), nil
}

// decodeAlbum reads what encodeAlbum wrote.
func decodeAlbum(data []byte) ([]*chat.File, error) {
	if len(data) == 0 {
		return nil, nil
	}
	var files []*chat.File
	err := gob.NewDecoder(bytes.NewReader(data)).Decode(&files)
	return files, err
}
