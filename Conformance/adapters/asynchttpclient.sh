#!/bin/sh
# Reference adapter: AsyncHTTPClient through mockauth-adapter. Usage: asynchttpclient.sh ADAPTER
exec "$1" asynchttpclient
