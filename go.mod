module github.com/qisai/qisai

go 1.26.8

require (
	github.com/VictoriaMetrics/metrics v1.45.0
	github.com/bwmarrin/discordgo v0.29.0
	github.com/go-telegram/bot v1.19.0
	github.com/goccy/go-json v0.12.0
	github.com/gorilla/websocket v1.4.2
	github.com/hashicorp/golang-lru/v2 v2.0.7
	github.com/jackc/pgx/v5 v5.10.0
	github.com/mattn/go-sqlite3 v1.14.22
	github.com/mtibben/confusables v0.0.0-20210201002637-9d1b0723b659
	golang.org/x/image v0.48.0
	golang.org/x/text v0.44.0
	gorm.io/driver/postgres v1.6.3
	gorm.io/driver/sqlite v1.6.0
	gorm.io/gorm v1.31.2
)

require (
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/puddle/v2 v2.2.2 // indirect
	github.com/jinzhu/inflection v1.0.0 // indirect
	github.com/jinzhu/now v1.1.5 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
	github.com/valyala/fastrand v1.1.0 // indirect
	github.com/valyala/histogram v1.2.0 // indirect
	golang.org/x/crypto v0.59.0 // indirect
	golang.org/x/sync v0.25.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

// gorm's inflection, compiling its regular expressions on first use instead
// of at every start (2 ms of each command's start): third_party/inflection.
replace github.com/jinzhu/inflection v1.0.0 => ./third_party/inflection
