package storage

// A database's address may carry its password: a URL's user-info
// (postgres://user:PW@host/db), a query parameter (?password=PW,
// ?sslpassword=PW; SQLite's ?_auth_pass=PW) or a key=value connection
// string (host=h password=PW, password='P W'). Whatever qisai prints about
// a database — the start-up log, an error — shows it with the password
// replaced by xxxxx (RedactDSN), and the errors Open returns are scrubbed
// of it too: a driver may quote the address it could not use.

import (
	"errors"
	"net/url"
	"regexp"
	"strings"

	"github.com/qisai/qisai/internal/i18n"
)

// hiddenPassword stands for a password in what qisai prints.
const hiddenPassword = "xxxxx"

// secretParams are the parameters whose values are secrets: libpq's
// password and sslpassword (the client key's passphrase), and SQLite's
// user-authentication password.
var secretParams = `password|sslpassword|_auth_pass`

var (
	// secretQuery is a secret parameter of a URL's query.
	secretQuery = regexp.MustCompile(`(?i)([?&;](?:` + secretParams + `)=)[^&#]*`)
	// secretKeyValue is a secret of a key=value string: a value quoted
	// with '…' (\' and \\ escaped) or up to the next space.
	secretKeyValue = regexp.MustCompile(`(?i)(^|\s)((?:` + secretParams + `)\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s']\S*|'.*$)`)
	// keyValueDSN is libpq's key=value form: a keyword of its own, an
	// equals sign (a file name does not start so).
	keyValueDSN = regexp.MustCompile(`(?i)(^|\s)(host|hostaddr|port|dbname|user|password|passfile|sslmode|sslpassword|service|connect_timeout|application_name|options|target_session_attrs)\s*=`)
)

// RedactDSN is dsn fit to print: every password in it (user-info, query
// parameter, key=value) replaced by xxxxx, the rest as it was.
func RedactDSN(dsn string) string {
	if scheme, rest, ok := strings.Cut(dsn, "://"); ok && urlScheme.MatchString(scheme) {
		// The authority ends at the first /, ? or #; its user-info at
		// its last @ (an unescaped @ in a password is common enough).
		end := strings.IndexAny(rest, "/?#")
		if end < 0 {
			end = len(rest)
		}
		if at := strings.LastIndex(rest[:end], "@"); at >= 0 {
			if user, _, hasPW := strings.Cut(rest[:at], ":"); hasPW {
				rest = user + ":" + hiddenPassword + rest[at:]
			}
		}
		dsn = scheme + "://" + rest
	}
	dsn = secretQuery.ReplaceAllString(dsn, "${1}"+hiddenPassword)
	return secretKeyValue.ReplaceAllString(dsn, "${1}${2}"+hiddenPassword)
}

// passwords are the secrets in dsn as they are written and as a driver
// decodes them, for scrubbing from errors.
func passwords(dsn string) []string {
	var out []string
	add := func(s string) {
		if len(s) >= minScrubbed {
			out = append(out, s)
			if d, err := url.QueryUnescape(s); err == nil && d != s {
				out = append(out, d)
			}
		}
	}
	if _, rest, ok := strings.Cut(dsn, "://"); ok {
		end := strings.IndexAny(rest, "/?#")
		if end < 0 {
			end = len(rest)
		}
		if at := strings.LastIndex(rest[:end], "@"); at >= 0 {
			if _, pw, hasPW := strings.Cut(rest[:at], ":"); hasPW {
				add(pw)
			}
		}
	}
	for _, m := range secretQuery.FindAllString(dsn, -1) {
		_, v, _ := strings.Cut(m, "=")
		add(v)
	}
	for _, m := range secretKeyValue.FindAllStringSubmatch(dsn, -1) {
		v := m[3]
		if unq, ok := strings.CutPrefix(v, "'"); ok {
			v = strings.NewReplacer(`\'`, `'`, `\\`, `\`).Replace(strings.TrimSuffix(unq, "'"))
		}
		add(v)
	}
	return out
}

// minScrubbed is the shortest password scrubbed from an error's text
// wherever it stands: a shorter one would blot out common words (and
// guards nothing worth the name); in the address itself it is hidden
// whatever its length.
const minScrubbed = 4

// scrubbed is an error whose text went through RedactDSN and had the
// address's passwords blotted out; errors.Is and errors.As see the error
// as it was.
type scrubbed struct {
	err     error
	secrets []string
}

func (e *scrubbed) Error() string {
	s := RedactDSN(e.err.Error())
	for _, p := range e.secrets {
		s = strings.ReplaceAll(s, p, hiddenPassword)
	}
	return s
}

func (e *scrubbed) Unwrap() error { return e.err }

// scrub makes err's text safe to print when it may quote dsn.
func scrub(err error, dsn string) error {
	if err == nil {
		return nil
	}
	return &scrubbed{err: err, secrets: passwords(dsn)}
}

// ErrKeyValueDSN refuses a libpq key=value string ("host=h password=PW"),
// which would otherwise be opened as a SQLite file of that name: qisai
// takes PostgreSQL by URL only.
var ErrKeyValueDSN = errors.New("key=value connection string")

// DSNError is a database address qisai will not open, with what to write
// instead in both languages.
type DSNError struct {
	Text i18n.T
	Kind error // ErrKeyValueDSN, or nil
}

// Error says it in Chinese, then in English on a line of its own.
func (e *DSNError) Error() string { return e.Text.Zh + "\n" + e.Text.En }
func (e *DSNError) Unwrap() error { return e.Kind }

// isKeyValueDSN says whether dsn is libpq's key=value form.
func isKeyValueDSN(dsn string) bool {
	if strings.Contains(dsn, "://") || strings.HasPrefix(dsn, "file:") {
		return false
	}
	return keyValueDSN.MatchString(dsn)
}
