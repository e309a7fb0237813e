package org.igtrace.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Links to a trace's files by their names' bytes (issue 41 item 9): the files of an OTF2 archive or an OTF
 * trace are named after their anchor or master ({@code NAME}, {@code NAME.otf2}, {@code NAME.def};
 * {@code NAME.otf}, {@code NAME.0.def}, {@code NAME.1.events}...), and when NAME is not UTF-8 Java cannot
 * name them, but a folder's listing keeps each name's bytes (a listed {@link Path} holds them; its file URI
 * escapes each byte that is not ASCII), so links made to the listed paths lead to them.
 */
final class ArchiveLinks {
    private ArchiveLinks() {
    }

    /**
     * Links in {@code into}, for each entry of {@code parent} named {@code stem} or {@code stem.REST} (REST in
     * ASCII, as the files of an OTF2 archive or an OTF trace are named after their anchor or master), a link
     * {@code trace} or {@code trace.REST} to it: the entry as listed, so the link leads to its bytes.
     */
    static void link(Path parent, byte[] stem, Path into) throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent)) {
            for (Path entry : entries) {
                byte[] b = nameBytes(entry);
                boolean dotted = b.length > stem.length && b[stem.length] == '.';
                if ((b.length == stem.length || dotted) && Arrays.equals(b, 0, stem.length, stem, 0, stem.length)) {
                    String rest = new String(b, stem.length, b.length - stem.length, StandardCharsets.UTF_8);
                    if (rest.chars().allMatch(c -> c > ' ' && c < 0x7f && c != '/')) {
                        Files.createSymbolicLink(into.resolve("trace" + rest), entry);
                    }
                }
            }
        }
    }

    /** The bytes of {@code path}'s own name, as the folder's listing has them (a file URI escapes each byte that is not ASCII). */
    static byte[] nameBytes(Path path) {
        String raw = path.toAbsolutePath().toUri().getRawPath();
        if (raw.endsWith("/") && raw.length() > 1) {
            raw = raw.substring(0, raw.length() - 1); // a folder's URI ends with a slash
        }
        raw = raw.substring(raw.lastIndexOf('/') + 1);
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%' && i + 2 < raw.length()) {
                out.write(Integer.parseInt(raw.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(b, 0, b.length);
            }
        }
        return out.toByteArray();
    }
}
