import type { Config } from "tailwindcss";

export default {
    content: ["./src/**/*.tsx"],
    theme: {
        colors: {
            ink: "#111827",
        },
    },
} satisfies Config;
