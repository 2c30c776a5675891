import { describe, expect, it } from "vitest";
import { uploadFileName } from "../../../../src/bot/chats/relay/format.ts";

describe("uploadFileName", () => {
  it("keeps ordinary names, Cyrillic and spaces included", () => {
    expect(uploadFileName("Счёт №5 от 01.10.pdf")).toBe("Счёт №5 от 01.10.pdf");
  });

  it("replaces what Telegram would cut at or grammY would refuse", () => {
    expect(uploadFileName("Акт; 2024.pdf")).toBe("Акт_ 2024.pdf");
    expect(uploadFileName('"quoted".txt')).toBe("_quoted_.txt");
    expect(uploadFileName("two\r\nlines.jpg")).toBe("two__lines.jpg");
    expect(uploadFileName("back\\slash.png")).toBe("back_slash.png");
  });

  it("gives a name to nameless files and shortens long ones, keeping the extension", () => {
    expect(uploadFileName(undefined)).toBe("file");
    expect(uploadFileName("  ")).toBe("file");
    const long = uploadFileName(`${"я".repeat(300)}.docx`);
    expect(long).toHaveLength(128);
    expect(long.endsWith(".docx")).toBe(true);
  });
});
