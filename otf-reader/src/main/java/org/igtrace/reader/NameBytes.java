package org.igtrace.reader;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A name's bytes in a trace as text, the same for both readers: UTF-8 when they are, else Latin-1, one character a byte.
 * So two names that differ in bytes that are not UTF-8 stay two names (decoded as UTF-8 with replacement, OTF2's
 * {@code region\xff\xff} and {@code region\xfe\xfe} were one region, {@code region��}, in why's causes and the timeline's
 * legend).
 */
public final class NameBytes {
    private NameBytes() {
    }

    /**
     * @param bytes  the bytes
     * @param from   the name's first byte
     * @param length its length in bytes
     * @return the name: UTF-8 when its bytes are (what VampirTrace and Score-P write under a UTF-8 locale: "Größe" read as
     *         Latin-1 was "GrÃ¶Ã\u009fe"), else Latin-1
     */
    public static String text(byte[] bytes, int from, int length) {
        boolean ascii = true;
        for (int i = from; i < from + length && ascii; i++) {
            ascii = bytes[i] >= 0;
        }
        if (ascii) {
            return new String(bytes, from, length, StandardCharsets.ISO_8859_1);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, from, length)).toString();
        } catch (CharacterCodingException e) { // NOPMD: not UTF-8: a byte a character
            return new String(bytes, from, length, StandardCharsets.ISO_8859_1);
        }
    }
}
