export function Plans() {
    return (
        <main>
            <ul className="grid gap-2">
                <li>Kế hoạch</li>
            </ul>
        </main>
    );
}
