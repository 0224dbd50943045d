export function Plans() {
    return (
        <main>
            <div>
                <ul className="grid gap-2">
                    <li>Kế hoạch</li>
                </ul>
            </div>
        </main>
    );
}
