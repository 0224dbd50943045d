import type { Config } from "tailwindcss";

export default {
    content: ["./src/**/*.tsx"],
    theme: {
        colors: {
            ink: "#111827",
        },
        extend: {
            borderRadius: {
                card: "0.625rem",
            },
        },
    },
} satisfies Config;
