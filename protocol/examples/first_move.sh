#!/bin/sh
# A player for every game of the gamesman protocol, in POSIX shell: it plays the
# first of the legal moves that the referee lists before each genmove.
#
#   gamesman match nim --player "sh first_move.sh" --player "sh first_move.sh"

set -f                      # a move such as * must not expand to file names
first=""
reply() {                   # reply OK-SIGN TEXT: "=id text" or "?id text", then an empty line
    if [ -n "$2" ]; then printf '%s%s %s\n\n' "$1" "$id" "$2"; else printf '%s%s\n\n' "$1" "$id"; fi
}
while IFS= read -r line || [ -n "$line" ]; do
    line=${line%%#*}        # a comment runs to the end of the line
    line=$(printf '%s' "$line" | tr -d '\000-\010\013-\037\177')
    set -- $line            # words; tabs and spaces both separate them
    [ $# -eq 0 ] && continue
    id=""
    case $1 in *[!0-9]*) ;; *) id=$1; shift ;; esac
    if [ $# -eq 0 ]; then reply "?" "no command after the id"; continue; fi
    command=$1
    shift
    case $command in
        protocol_version) reply "=" 2 ;;
        name) reply "=" first_move ;;
        version) reply "=" 1.0 ;;
        game|setposition) first=""; reply "=" ;;
        legal_moves) first=${1:-}; reply "=" ;;
        genmove)
            if [ -n "$first" ]; then reply "=" "$first"; else reply "?" "no legal moves known"; fi ;;
        quit) reply "="; exit 0 ;;
        *) reply "?" "unknown command" ;;
    esac
done
