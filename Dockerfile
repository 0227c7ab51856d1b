# qisai as a container (issue 5): a static binary on an empty base image.
#   docker build -t qisai .
#   docker run -d -v qisai-data:/data -p 8080:8080 -e QISAI_TELEGRAM_TOKEN=... qisai
# cmd/qisai/static_test.go runs this file's "go build" line as it stands,
# so keep that command on one line.

FROM golang:1.26 AS build
RUN apt-get update \
	&& apt-get install -y --no-install-recommends ca-certificates tzdata fonts-droid-fallback \
	&& rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# cgo for SQLite, linked statically: netgo and osusergo keep glibc's NSS
# (which cannot be linked statically) out.
RUN CGO_ENABLED=1 go build -trimpath -tags 'osusergo,netgo,sqlite_omit_load_extension' -ldflags='-s -w -linkmode external -extldflags "-static"' -o /qisai ./cmd/qisai
# The files of the image besides the binary: an unprivileged user, the
# database's directory owned by it, a temporary directory for SQLite.
RUN mkdir -p /rootfs/etc /rootfs/data /rootfs/tmp \
	&& chmod 1777 /rootfs/tmp \
	&& echo 'qisai:x:10001:10001:qisai:/data:/sbin/nologin' > /rootfs/etc/passwd \
	&& echo 'qisai:x:10001:' > /rootfs/etc/group

FROM scratch
COPY --from=build /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY --from=build /usr/share/zoneinfo /usr/share/zoneinfo
# The CJK font pictures are drawn in, where package picture looks for it:
# Droid Sans Fallback, 4 MB (Latin comes from the Go font in the binary).
COPY --from=build /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf
COPY --from=build /rootfs/etc /etc
COPY --from=build /rootfs/tmp /tmp
COPY --from=build --chown=10001:10001 /rootfs/data /data
COPY --from=build /qisai /qisai
USER 10001:10001
WORKDIR /data
VOLUME ["/data"]
ENV QISAI_DATABASE_URL=/data/qisai.db \
	QISAI_LISTEN=:8080 \
	TZ=UTC
EXPOSE 8080
ENTRYPOINT ["/qisai"]
